/**
 * How close a clustering of records (records -> persons) is to the known truth: pairwise precision, recall and
 * F1 over the pairs of records put in one cluster, and B-cubed precision, recall and F1 averaged over the records.
 * Only records the truth names count: a predicted record it does not name is left out of the scores (and
 * counted as `unknown`), and a record of the truth the prediction does not name is scored as a cluster of its own
 * (and counted as `missing`).
 */

/** The true cluster of each record, by record key. */
export type Truth = ReadonlyMap<string, string>;

export type PairwiseScore = {
  truePairs: number;
  predictedPairs: number;
  correctPairs: number;
  /** correct / predicted pairs; null when no pair was predicted. */
  precision: number | null;
  /** correct / true pairs; null when the truth has no pair. */
  recall: number | null;
  /** 2 correct / (predicted + true pairs): 0 when pairs were predicted or expected but none agree; null when there were neither. */
  f1: number | null;
};
export type BCubedScore = { precision: number; recall: number; f1: number };
export type ClusterScore = {
  records: number;
  missing: number;
  unknown: number;
  /** Predicted clusters, counting each missing record as one. */
  predictedClusters: number;
  trueClusters: number;
  pairwise: PairwiseScore;
  bcubed: BCubedScore;
};

/** Scores predicted clusters of record keys against the truth; a key predicted twice is refused. */
export function scoreClusters(truth: Truth, predicted: readonly (readonly string[])[]): ClusterScore {
  if (truth.size === 0) throw new Error('the truth names no record');
  const clusterOf = new Map<string, number>();
  let unknown = 0;
  predicted.forEach((keys, cluster) => {
    for (const key of keys) {
      if (clusterOf.has(key)) throw new Error(`record ${key} is predicted twice`);
      clusterOf.set(key, cluster);
      if (!truth.has(key)) unknown += 1;
    }
  });

  // Each record of the truth in its predicted cluster (or one of its own) and its true one: the cells of the
  // contingency table of the two clusterings, and their sums.
  const placed = [...truth].map(([key, trueLabel]) => {
    const cluster = clusterOf.get(key);
    const predictedLabel = cluster === undefined ? `missing:${key}` : String(cluster);
    return { missing: cluster === undefined, predicted: predictedLabel, true: trueLabel, cell: JSON.stringify([predictedLabel, trueLabel]) };
  });
  const sizes = (labelOf: (record: (typeof placed)[number]) => string) => {
    const counts = new Map<string, number>();
    for (const record of placed) counts.set(labelOf(record), (counts.get(labelOf(record)) ?? 0) + 1);
    return counts;
  };
  const predictedSize = sizes((record) => record.predicted);
  const trueSize = sizes((record) => record.true);
  const cellSize = sizes((record) => record.cell);

  const pairs = (counts: Map<string, number>) => [...counts.values()].reduce((total, size) => total + (size * (size - 1)) / 2, 0);
  const truePairs = pairs(trueSize);
  const predictedPairs = pairs(predictedSize);
  const correctPairs = pairs(cellSize);

  // B-cubed: for each record, the share of its predicted cluster that is truly its, and of its true cluster that
  // was predicted its.
  let precisionSum = 0;
  let recallSum = 0;
  for (const record of placed) {
    precisionSum += cellSize.get(record.cell)! / predictedSize.get(record.predicted)!;
    recallSum += cellSize.get(record.cell)! / trueSize.get(record.true)!;
  }
  const precision = precisionSum / truth.size;
  const recall = recallSum / truth.size;

  return {
    records: truth.size,
    missing: placed.filter((record) => record.missing).length,
    unknown,
    predictedClusters: predictedSize.size,
    trueClusters: trueSize.size,
    pairwise: {
      truePairs,
      predictedPairs,
      correctPairs,
      precision: predictedPairs > 0 ? correctPairs / predictedPairs : null,
      recall: truePairs > 0 ? correctPairs / truePairs : null,
      f1: predictedPairs + truePairs > 0 ? (2 * correctPairs) / (predictedPairs + truePairs) : null,
    },
    bcubed: { precision, recall, f1: (2 * precision * recall) / (precision + recall) },
  };
}
