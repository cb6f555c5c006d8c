import { useListContext } from 'react-admin';

/**
 * Labels for a list's filter tabs with the server's counts for the current search (the list call
 * puts them in `meta.counts`): `countLabel('Validados', 'validated')` is 'Validados (3)', and without
 * a key the label counts every row. Just the text until the counts arrive.
 */
export function useCountLabel<Counts extends Record<string, number>>(): (
  text: string,
  key?: keyof Counts & string,
) => string {
  const { meta } = useListContext();
  const counts: Counts | undefined = meta?.counts;
  return (text, key) => {
    if (!counts) return text;
    const n = key === undefined ? Object.values(counts).reduce((sum, count) => sum + count, 0) : counts[key];
    return n === undefined ? text : `${text} (${n})`;
  };
}
