import { reloadOnPreloadError } from './app/new-build';
import { createQueryClient } from './app/query-client';
import { startApp } from './app/start';
import './styles.css';

// A tab opened before a deploy reloads once for the new build when a chunk is gone.
reloadOnPreloadError();
const root = document.getElementById('root');
if (root) void startApp(root, createQueryClient());
