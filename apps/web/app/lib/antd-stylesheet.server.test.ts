import { describe, expect, it } from 'vitest';
import { currentStylesheet, stylesheetFor } from './antd-stylesheet.server';

describe("antd's stylesheet", () => {
  it('is named by the hash of its CSS, which ends with the map the browser reads on hydration', () => {
    const sheet = currentStylesheet();
    expect(sheet.name).toMatch(/^antd\.[0-9a-f]{16}\.css$/);
    expect(sheet.css).toContain('.data-ant-cssinjs-cache-path{content:');
    expect(currentStylesheet()).toBe(sheet);
  });

  it('answers a version it made as known, a well-formed unknown name with the current CSS, others not at all', () => {
    const sheet = currentStylesheet();
    expect(stylesheetFor(sheet.name)).toEqual({ css: sheet.css, known: true });
    expect(stylesheetFor('antd.0000000000000000.css')).toEqual({ css: sheet.css, known: false });
    for (const name of [
      'antd.css',
      'antd.0000000000000000.js',
      'x.0000000000000000.css',
      '../antd.0000000000000000.css',
    ]) {
      expect(stylesheetFor(name), name).toBeNull();
    }
  });
});
