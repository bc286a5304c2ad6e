import { redirect } from 'react-router';

/** An unmatched route goes to the root, which picks the home page (spec 2). */
export function loader() {
  return redirect('/', 302);
}

export default function Unmatched() {
  return null;
}
