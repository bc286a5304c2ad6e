// Measures Chinese word segmentation for search (decision 039): @node-rs/jieba against Node's
// Intl.Segmenter (ICU) on a held corpus of storage-industry sentences segmented by hand. Prints
// word precision, recall and F1 against the hand segmentation, and the speed of each.
//   node bench/search-segmenter.mjs
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const { Jieba } = require('@node-rs/jieba');
const { dict } = require('@node-rs/jieba/dict');

// Each sentence with its words separated by '/': the held corpus, written for this measurement.
const HELD = [
  '分布式/存储/系统/的/元数据/管理',
  '对象/存储/适合/海量/非结构化/数据',
  '纠删码/比/三/副本/更/节省/容量',
  '快照/可以/在/秒级/完成/数据/保护',
  '全闪存/阵列/的/延迟/低于/一/毫秒',
  '备份/窗口/越来越/短',
  '容灾/演练/需要/定期/进行',
  '重复/数据/删除/能/显著/降低/存储/成本',
  '块/存储/和/文件/存储/各有/优势',
  '数据/迁移/前/要/做/容量/评估',
  '超融合/架构/简化/了/运维',
  '冷/数据/适合/放/在/磁带库/里',
  '存储/网络/的/带宽/成为/瓶颈',
  '数据湖/需要/统一/的/元数据/服务',
  '固态/硬盘/的/寿命/与/写入/放大/有关',
  '集群/扩容/时/数据/会/自动/均衡',
  '多/租户/环境/下/的/配额/管理',
  '云/原生/存储/支持/容器/持久化/卷',
  '勒索/软件/防护/依赖/不可/变/快照',
  '存储/资源/池化/提高/利用率',
];

function score(segment) {
  let tp = 0;
  let predicted = 0;
  let gold = 0;
  for (const line of HELD) {
    const words = line.split('/');
    const text = words.join('');
    const spans = (list) => {
      const out = new Set();
      let at = 0;
      for (const w of list) {
        out.add(`${at}:${at + w.length}`);
        at += w.length;
      }
      return out;
    };
    const want = spans(words);
    const got = spans(segment(text));
    gold += want.size;
    predicted += got.size;
    for (const s of got) if (want.has(s)) tp++;
  }
  const p = tp / predicted;
  const r = tp / gold;
  return { precision: p, recall: r, f1: (2 * p * r) / (p + r) };
}

function speed(segment) {
  const text = HELD.map((l) => l.replaceAll('/', '')).join('，');
  const rounds = 2000;
  const started = performance.now();
  for (let i = 0; i < rounds; i++) segment(text);
  const ms = performance.now() - started;
  return ((text.length * rounds) / 1024 / (ms / 1000)).toFixed(0);
}

const jieba = Jieba.withDict(dict);
const icu = new Intl.Segmenter('zh', { granularity: 'word' });
const candidates = {
  '@node-rs/jieba (cut, HMM)': (text) => jieba.cut(text, true),
  'Intl.Segmenter (ICU)': (text) => [...icu.segment(text)].map((s) => s.segment),
};
for (const [name, segment] of Object.entries(candidates)) {
  const s = score(segment);
  console.log(
    `${name.padEnd(28)} precision ${s.precision.toFixed(3)}  recall ${s.recall.toFixed(3)}  F1 ${s.f1.toFixed(3)}  ${speed(segment)} K chars/s`,
  );
}
