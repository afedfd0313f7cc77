/**
 * The column scoring by content alone (facts, running-balance proofs, pairings), on the sample the
 * CSV parser judges columns on, against the rest of the parse: what reading columns by content adds
 * to reading the file.
 */
import { mapColumnsByName } from "../server/domain/imports/parsers/csv/columns";
import { normaliseLineEndings, readRecords } from "../server/domain/imports/parsers/csv/dialect";
import { normaliseHeader } from "../server/domain/imports/parsers/csv/headers";
import { tableSample } from "../server/domain/imports/parsers/csv/layout";
import { settleColumns } from "../server/domain/imports/parsers/csv/settle-columns";
import { findTable } from "../server/domain/imports/parsers/csv/table";

/** Scoring is timed this many times over and averaged: one run takes about a millisecond. */
const SCORING_RUNS = 50;

/** `parseSeconds`: the whole parse of the file, as the upload measured it. */
export function timeColumnScoring(
  bytes: Buffer,
  parseSeconds: number,
): { scoringMs: number; restMs: number; share: number } {
  const records = readRecords(normaliseLineEndings(new TextDecoder("utf-8").decode(bytes)), ";");
  const table = findTable(records);
  const data = records.slice(table.dataStart).map((r) => ({ ...r, cells: r.cells.map((c) => c.trim()) }));
  const { sample, width } = tableSample(data);
  const names = (records[table.headerIndex ?? 0]?.cells ?? []).map((c) => normaliseHeader(c).name);
  const named = mapColumnsByName(names, sample);
  // The content alone, as for a header in unknown words: every pairing is tried, the dearest case.
  const blind = mapColumnsByName([], sample);
  const started = performance.now();
  for (let i = 0; i < SCORING_RUNS; i++) {
    settleColumns({ map: named, sample, names, width, locked: new Set() });
    settleColumns({ map: blind, sample, names: names.map(() => ""), width, locked: new Set() });
  }
  const scoringMs = (performance.now() - started) / SCORING_RUNS / 2;
  const restMs = parseSeconds * 1000 - scoringMs;
  return { scoringMs, restMs, share: scoringMs / restMs };
}
