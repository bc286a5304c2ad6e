import { describe, expect, it } from 'vitest';
import { addNonceToStyleTags, injectHeadStyles } from './ssr-html';

describe('server style injection', () => {
  it('gives every style tag the nonce', () => {
    expect(addNonceToStyleTags('<style data-a="1">a{}</style><style>b{}</style>', 'abc+/=')).toBe(
      '<style nonce="abc+/=" data-a="1">a{}</style><style nonce="abc+/=">b{}</style>',
    );
  });

  it('cannot be used to break out of the attribute', () => {
    expect(addNonceToStyleTags('<style>a{}</style>', '"><script>')).toBe('<style nonce="script">a{}</style>');
  });

  it('puts the styles before the first stylesheet link, else before </head>', () => {
    const html = '<html><head><meta/><link rel="stylesheet" href="/a.css"/></head><body></body></html>';
    expect(injectHeadStyles(html, '<style>x</style>')).toBe(
      '<html><head><meta/><style>x</style><link rel="stylesheet" href="/a.css"/></head><body></body></html>',
    );
    expect(injectHeadStyles('<head><title>t</title></head>', '<style>x</style>')).toBe(
      '<head><title>t</title><style>x</style></head>',
    );
  });
});
