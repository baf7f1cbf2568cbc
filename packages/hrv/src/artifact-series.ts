// What the stages of artifact cleaning (`cleanRr`) hand each other, and what they count.

/** Artifacts found, one per event: an ectopic pair or a merged extra beat counts once. */
export type ArtifactCounts = {
  outOfRange: number;
  ectopic: number;
  missed: number;
  extra: number;
  longShort: number;
};

/** A series between cleaning stages; `touched[i]` is 1 once interval i is no input interval. */
export type Series = { values: Float64Array; touched: Float64Array; length: number };
/** What the cleaning counts, and whether the input is in whole ms (corrections then are too). */
export type Tally = { artifacts: ArtifactCounts; corrected: number; wholeMs: boolean };
