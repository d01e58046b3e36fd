/** Records for ids, in the listed order; ids the data map does not hold are left out. */
export function pick<T>(ids: readonly number[], records: ReadonlyMap<number, T>): T[] {
  const found: T[] = [];
  for (const id of ids) {
    const record = records.get(id);
    if (record) found.push(record);
  }
  return found;
}
