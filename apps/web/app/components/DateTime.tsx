import { useFormatTime } from '~/lib/format';

/** A `<time>` in the viewer's zone and the page's language (see `useFormatTime`). */
export function DateTime({ iso, dateOnly = false }: { iso: string; dateOnly?: boolean }) {
  const format = useFormatTime();
  return <time dateTime={iso}>{format(iso, { dateOnly })}</time>;
}
