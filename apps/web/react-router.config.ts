import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Every page is rendered on the server: search engines and first visits get complete HTML.
  ssr: true,
} satisfies Config;
