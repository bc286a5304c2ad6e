import { describe, expect, it } from 'vitest';
import { injectIntoHead, stylesheetLink } from './ssr-html';

describe('server style injection', () => {
  it('links a stylesheet, and nothing in its address can break out of the attribute', () => {
    expect(stylesheetLink('/styles/antd.0123456789abcdef.css')).toBe(
      '<link rel="stylesheet" href="/styles/antd.0123456789abcdef.css"/>',
    );
    expect(stylesheetLink('/a.css"><script>')).toBe('<link rel="stylesheet" href="/a.cssscript"/>');
  });

  it('puts the markup before the first stylesheet link, else before </head>', () => {
    const html = '<html><head><meta/><link rel="stylesheet" href="/a.css"/></head><body></body></html>';
    expect(injectIntoHead(Buffer.from(html), '<link rel="stylesheet" href="/b.css"/>').toString()).toBe(
      '<html><head><meta/><link rel="stylesheet" href="/b.css"/><link rel="stylesheet" href="/a.css"/></head><body></body></html>',
    );
    expect(injectIntoHead(Buffer.from('<head><title>t</title></head>'), '<style>x</style>').toString()).toBe(
      '<head><title>t</title><style>x</style></head>',
    );
  });

  it('keeps multi-byte text before and after the insertion intact', () => {
    const html =
      '<html><head><title>存储社区 · 讨论</title><link rel="stylesheet" href="/a.css"/></head><body>中文 English</body></html>';
    const out = injectIntoHead(Buffer.from(html), '<link rel="stylesheet" href="/b.css"/>').toString('utf8');
    expect(out).toBe(html.replace('<link', '<link rel="stylesheet" href="/b.css"/><link'));
  });

  it('leaves a document without a head as it is', () => {
    const html = Buffer.from('<p>fragment</p>');
    expect(injectIntoHead(html, '<link rel="stylesheet" href="/b.css"/>')).toBe(html);
  });
});
