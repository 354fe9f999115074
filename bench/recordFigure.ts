// How a section of the bench hands a figure to the table (bench/run.ts): its group, what it measures, the value
// with its unit, and the target with whether it was met (null when no target applies).
export type RecordFigure = (
  group: string,
  figure: string,
  value: number,
  unit: string,
  target?: string,
  pass?: boolean | null,
) => void;
