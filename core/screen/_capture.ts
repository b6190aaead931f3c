/**
 * Catches every line as it leaves the top of xterm's normal buffer, before xterm reuses or
 * overwrites it. xterm keeps lines in a `CircularList`; every way a line can fall off its top
 * goes through one of five methods of that list, so the hook wraps those five on the one list
 * instance (the normal buffer's) and reports the leaving lines first.
 *
 * @module
 */

import type { CellLine } from "./_rows.ts";

/** The parts of xterm's internal `CircularList<BufferLine>` the hook touches. */
export interface LineList {
  readonly length: number;
  readonly maxLength: number;
  get(index: number): CellLine | undefined;
  push(value: CellLine): void;
  recycle(): CellLine;
  splice(start: number, deleteCount: number, ...items: CellLine[]): void;
  trimStart(count: number): void;
  shiftElements(start: number, count: number, offset: number): void;
}

/**
 * Calls `leave(line)` for each line about to be trimmed off the top of `list`, oldest first.
 * Returns a function that removes the hook.
 */
export function hookTrims(list: LineList, leave: (line: CellLine) => void): () => void {
  const own = list as unknown as Record<string, unknown>;
  const original = {
    push: list.push,
    recycle: list.recycle,
    splice: list.splice,
    trimStart: list.trimStart,
    shiftElements: list.shiftElements,
  };
  const emit = (line: CellLine | undefined) => line && leave(line);

  own.push = function (value: CellLine) {
    if (list.length === list.maxLength) emit(list.get(0));
    return original.push.call(list, value);
  };
  own.recycle = function () {
    emit(list.get(0));
    return original.recycle.call(list);
  };
  own.splice = function (start: number, deleteCount: number, ...items: CellLine[]) {
    const trim = list.length - deleteCount + items.length - list.maxLength;
    for (let k = 0; k < trim; k++) {
      // the k-th line of the list as it will be after the splice
      if (k < start) emit(list.get(k));
      else if (k < start + items.length) emit(items[k - start]);
      else emit(list.get(k - items.length + deleteCount));
    }
    return original.splice.call(list, start, deleteCount, ...items);
  };
  own.trimStart = function (count: number) {
    const n = Math.min(count, list.length);
    for (let k = 0; k < n; k++) emit(list.get(k));
    return original.trimStart.call(list, count);
  };
  own.shiftElements = function (start: number, count: number, offset: number) {
    if (offset > 0) {
      const length = Math.max(list.length, start + count + offset);
      const trim = length - list.maxLength;
      for (let k = 0; k < trim; k++) {
        const moved = k >= start + offset && k < start + offset + count;
        emit(list.get(moved ? k - offset : k));
      }
    }
    return original.shiftElements.call(list, start, count, offset);
  };
  return () => {
    for (const name of Object.keys(original)) delete own[name];
  };
}
