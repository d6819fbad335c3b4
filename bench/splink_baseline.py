"""Splink's clustering of the same records Kith resolves: the baseline of `npm run bench:resolution`.

python splink_baseline.py --records records.json --out clusters.json [--seed 5]

Reads a JSON array of flattened records ({"key", "first_name", "surname", "dob", "city", "email"}, null when
missing; `key` is "<source>:<id>"), trains a Splink model on them as Splink's own documents do for this data set,
predicts, and clusters the predictions at several match probabilities. In moj-analytical-services/splink: the
comparisons of docs/demos/tutorials/04_Estimating_model_parameters (a name comparison for each name, Levenshtein
on city) with Splink's date-of-birth and email comparisons; the blocking rules, deterministic rules and training
of docs/demos/examples/duckdb/accuracy_analysis_from_labels_column (single-column blocking: the data is too
messy for compound rules to find most pairs). Writes
{"splinkVersion", "seconds": {"train", "predict", "cluster"}, "thresholds": [{"threshold", "clusters": [[key]]}]}.
"""

import argparse
import json
import time

import splink
import splink.comparison_library as cl
from splink import DuckDBAPI, Linker, SettingsCreator, block_on

THRESHOLDS = [0.5, 0.7, 0.9, 0.95, 0.99]

SETTINGS = SettingsCreator(
    link_type="dedupe_only",
    unique_id_column_name="key",
    blocking_rules_to_generate_predictions=[
        block_on("first_name"),
        block_on("surname"),
        block_on("dob"),
        block_on("email"),
    ],
    comparisons=[
        cl.NameComparison("first_name"),
        cl.NameComparison("surname"),
        cl.DateOfBirthComparison("dob", input_is_string=True),
        cl.LevenshteinAtThresholds("city", 2),
        cl.EmailComparison("email"),
    ],
)

# Rules that between them find about 70% of true pairs: what the probability of two records matching is estimated from.
DETERMINISTIC_RULES = [
    "l.first_name = r.first_name and levenshtein(r.dob, l.dob) <= 1",
    "l.surname = r.surname and levenshtein(r.dob, l.dob) <= 1",
    "l.first_name = r.first_name and levenshtein(r.surname, l.surname) <= 2",
    "l.email = r.email",
]


def train(linker: Linker, seed: int) -> None:
    linker.training.estimate_probability_two_random_records_match(DETERMINISTIC_RULES, recall=0.7)
    linker.training.estimate_u_using_random_sampling(max_pairs=1e6, seed=seed)
    for rule in [block_on("dob"), block_on("email"), block_on("first_name", "surname")]:
        linker.training.estimate_parameters_using_expectation_maximisation(rule, estimate_without_term_frequencies=True)


def clusters_at(linker: Linker, predictions, threshold: float) -> list[list[str]]:
    rows = linker.clustering.cluster_pairwise_predictions_at_threshold(
        predictions, threshold_match_probability=threshold
    ).as_record_list()
    by_cluster: dict[str, list[str]] = {}
    for row in rows:
        by_cluster.setdefault(str(row["cluster_id"]), []).append(row["key"])
    return sorted(sorted(keys) for keys in by_cluster.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", required=True, help="JSON array of flattened records")
    parser.add_argument("--out", required=True, help="where the clusters go (JSON)")
    parser.add_argument("--seed", type=int, default=5, help="seed of the u probabilities' random sampling")
    args = parser.parse_args()
    with open(args.records, encoding="utf-8") as file:
        records = json.load(file)

    started = time.perf_counter()
    linker = Linker(DuckDBAPI().register(records), SETTINGS, log_level="WARNING")
    train(linker, args.seed)
    trained = time.perf_counter()
    predictions = linker.inference.predict()
    predicted = time.perf_counter()
    thresholds = [{"threshold": t, "clusters": clusters_at(linker, predictions, t)} for t in THRESHOLDS]
    clustered = time.perf_counter()

    result = {
        "splinkVersion": splink.__version__,
        "seconds": {"train": trained - started, "predict": predicted - trained, "cluster": clustered - predicted},
        "thresholds": thresholds,
    }
    with open(args.out, "w", encoding="utf-8") as file:
        json.dump(result, file)


if __name__ == "__main__":
    main()
