import base from './vite.config';
import { mergeConfig } from 'vite';
const groups = [];
if (process.env.MAIN) groups.push({ name: 'main', tags: ['$initial'], priority: 30 });
export default mergeConfig(base, { build: { outDir: process.env.OUT ?? '/tmp/distb', emptyOutDir: true, rolldownOptions: { output: { codeSplitting: { groups, experimentalInlineCommonChunks: { maxSize: Number(process.env.INLINE ?? 20000) } } } } } });
