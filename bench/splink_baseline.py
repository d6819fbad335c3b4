"""Splink's clustering of the same records Kith resolves: the baseline of `npm run bench:resolution`.

python splink_baseline.py --records records.json --out clusters.json [--seed 5] [--thresholds 0.9] [--count-only]
    [--memory-limit 4GB]

Reads a JSON array of flattened records ({"key", "first_name", "surname", "dob", "city", "email"}, and in the
generated sets and FEBRL "address_line", "postcode" and "phone"; null when missing; a column no record gives, as
FEBRL's emails, is left out of the model; `key` is "<source>:<id>"), cleans them
as Splink's documents ask of its input (text trimmed and lower-cased, postcodes upper-cased with one space before
the inward code, phones as national digits), trains a Splink model on them as Splink's own documents do for this
data set, predicts, and clusters the predictions at several match probabilities. In moj-analytical-services/splink:
the comparisons of docs/demos/tutorials/04_Estimating_model_parameters (a name comparison for each name,
Levenshtein on city) with Splink's date-of-birth and email comparisons; the blocking rules, deterministic rules and
training of docs/demos/examples/duckdb/accuracy_analysis_from_labels_column (single-column blocking: the data is
too messy for compound rules to find most pairs). Where the records have them: Splink's postcode comparison,
Jaro-Winkler on the street line and an exact phone, with blocking on postcode and on phone. Writes
{"splinkVersion", "seconds": {"train", "predict", "cluster"}, "thresholds": [{"threshold", "clusters": [[key]]}]};
with --count-only (what a speed measurement needs), each threshold's number of clusters as "persons" instead of the
clusters. --memory-limit caps DuckDB's memory (its default is 80% of the machine's).
"""

import argparse
import json
import re
import time

import duckdb
import splink
import splink.comparison_library as cl
from splink import DuckDBAPI, Linker, SettingsCreator, block_on

THRESHOLDS = [0.5, 0.7, 0.9, 0.95, 0.99]

# The columns only some data sets have: each one's comparison and, for postcode and phone, a blocking rule.
OPTIONAL = {
    "address_line": (lambda: cl.JaroWinklerAtThresholds("address_line", [0.95, 0.88]), None),
    "postcode": (lambda: cl.PostcodeComparison("postcode"), "postcode"),
    "phone": (lambda: cl.ExactMatch("phone"), "phone"),
}


def settings_for(columns: set[str]) -> SettingsCreator:
    optional = [column for column in OPTIONAL if column in columns]
    return SettingsCreator(
        link_type="dedupe_only",
        unique_id_column_name="key",
        blocking_rules_to_generate_predictions=[
            block_on("first_name"),
            block_on("surname"),
            block_on("dob"),
            *([block_on("email")] if "email" in columns else []),
            *[block_on(OPTIONAL[column][1]) for column in optional if OPTIONAL[column][1]],
        ],
        comparisons=[
            cl.NameComparison("first_name"),
            cl.NameComparison("surname"),
            cl.DateOfBirthComparison("dob", input_is_string=True),
            cl.LevenshteinAtThresholds("city", 2),
            *([cl.EmailComparison("email")] if "email" in columns else []),
            *[OPTIONAL[column][0]() for column in optional],
        ],
    )


def cleaned(value, column: str):
    """A value as Splink's documents ask it cleaned; empty is missing."""
    if value is None:
        return None
    text = re.sub(r"\s+", " ", str(value)).strip()
    if column == "postcode":
        compact = re.sub(r"[^0-9A-Za-z]", "", text).upper()
        text = f"{compact[:-3]} {compact[-3:]}" if len(compact) > 3 else compact
    elif column == "phone":
        digits = re.sub(r"\D", "", text)
        text = "0" + digits[2:] if digits.startswith("44") else digits
    elif column != "dob":
        text = text.lower()
    return text or None

# Rules that between them find about 70% of true pairs: what the probability of two records matching is estimated from.
DETERMINISTIC_RULES = [
    "l.first_name = r.first_name and levenshtein(r.dob, l.dob) <= 1",
    "l.surname = r.surname and levenshtein(r.dob, l.dob) <= 1",
    "l.first_name = r.first_name and levenshtein(r.surname, l.surname) <= 2",
    "l.email = r.email",
]


def train(linker: Linker, seed: int, columns: set[str]) -> None:
    with_email = "email" in columns
    rules = DETERMINISTIC_RULES if with_email else [rule for rule in DETERMINISTIC_RULES if "email" not in rule]
    linker.training.estimate_probability_two_random_records_match(rules, recall=0.7)
    linker.training.estimate_u_using_random_sampling(max_pairs=1e6, seed=seed)
    for rule in [block_on("dob"), *([block_on("email")] if with_email else []), block_on("first_name", "surname")]:
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
    parser.add_argument("--thresholds", default=",".join(map(str, THRESHOLDS)), help="match probabilities to cluster at")
    parser.add_argument("--count-only", action="store_true", help="write each threshold's number of clusters, not the clusters")
    parser.add_argument("--memory-limit", help="DuckDB's memory_limit, such as 4GB")
    args = parser.parse_args()
    thresholds = [float(threshold) for threshold in args.thresholds.split(",")]
    connection = duckdb.connect(config={"memory_limit": args.memory_limit} if args.memory_limit else {})
    with open(args.records, encoding="utf-8") as file:
        records = [{column: value if column == "key" else cleaned(value, column) for column, value in record.items()} for record in json.load(file)]
    # The columns some record gives: a set without emails (FEBRL) is neither compared, blocked nor trained on them.
    columns = {column for record in records for column, value in record.items() if value is not None}

    started = time.perf_counter()
    linker = Linker(DuckDBAPI(connection).register(records), settings_for(columns), log_level="WARNING")
    train(linker, args.seed, columns)
    trained = time.perf_counter()
    predictions = linker.inference.predict()
    predicted = time.perf_counter()
    clustered_at = []
    for threshold in thresholds:
        clusters = clusters_at(linker, predictions, threshold)
        clustered_at.append({"threshold": threshold, **({"persons": len(clusters)} if args.count_only else {"clusters": clusters})})
    clustered = time.perf_counter()

    result = {
        "splinkVersion": splink.__version__,
        "seconds": {"train": trained - started, "predict": predicted - trained, "cluster": clustered - predicted},
        "thresholds": clustered_at,
    }
    with open(args.out, "w", encoding="utf-8") as file:
        json.dump(result, file)


if __name__ == "__main__":
    main()
