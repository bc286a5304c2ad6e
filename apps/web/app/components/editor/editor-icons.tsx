/**
 * The one toolbar icon @ant-design/icons has no drawing for: a quotation mark, drawn at the same
 * size and weight as its icons (1em, filled with the text colour) so the toolbar looks of a piece.
 */
export function QuoteIcon() {
  return (
    <span role="img" aria-hidden="true" className="anticon">
      <svg width="1em" height="1em" viewBox="0 0 24 24" fill="currentColor" focusable="false">
        <path d="M4 18.5v-5.2C4 9 5.9 6.3 9.7 5.4l.7 1.8C8.3 7.9 7.2 9.3 7.1 11.3H10v7.2H4zm10 0v-5.2c0-4.3 1.9-7 5.7-7.9l.7 1.8c-2.1.7-3.2 2.1-3.3 4.1H20v7.2h-6z" />
      </svg>
    </span>
  );
}
