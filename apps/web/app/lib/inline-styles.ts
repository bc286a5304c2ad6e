import { createContext } from 'react';

/**
 * The app's own stylesheet as text, written into each page's <head> (`<AppStyles>` in root.tsx):
 * a phone paints the server's HTML as soon as it arrives, with no stylesheet request in the way.
 * The server entry provides the text (`app.css?inline`, server bundle only); in the browser the
 * context is empty, and React adopts the style element the server wrote (a style resource is
 * matched by its `href` key, not by its content), so the browser bundle never carries the CSS.
 */
export const InlineStylesContext = createContext<string | null>(null);

/** The style resource's key: React dedupes and adopts `style[data-href~="portal-app"]` by it. */
export const APP_STYLE_KEY = 'portal-app';
