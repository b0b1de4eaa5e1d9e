// The heap limits `npm start` and `npm run worker` give Node (package.json "config".node_heap),
// for what else starts the server as a user would: the end-to-end tests and the benches.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const packageJson = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { config: { node_heap: string } };

export const SERVER_NODE_FLAGS: string[] = packageJson.config.node_heap.split(/\s+/).filter(Boolean);
