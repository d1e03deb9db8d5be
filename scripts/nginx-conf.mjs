// The nginx.conf the tests and benches run nginx with: deploy/nginx/kort.conf.template (the file
// compose's proxy renders) with its ${KORT_*} variables filled as the nginx image fills them,
// inside a main config whose files all live under one temporary prefix.
import { readFileSync } from 'node:fs';

const template = () => readFileSync(new URL('../deploy/nginx/kort.conf.template', import.meta.url), 'utf8');

/** The site's template with `variables` ({ KORT_API_1, KORT_API_2, KORT_PROXY_PORT }) filled in. */
export function renderProxyConfig(variables) {
  return template().replace(/\$\{(KORT_[A-Z0-9_]+)\}/g, (_, name) => {
    if (!(name in variables)) throw new Error(`the nginx template needs ${name}`);
    return variables[name];
  });
}

/**
 * A whole nginx.conf for the proxy on 127.0.0.1:`proxyPort` in front of `upstreams` (two
 * 'host:port'), its pid, logs and temporary files under `prefix`. `workerConnections` counts both
 * sides of each proxied connection: a fleet of agents needs thousands, a browser test a few hundred.
 */
export function nginxConfig(prefix, proxyPort, upstreams, { workerConnections = 512 } = {}) {
  const site = renderProxyConfig({
    KORT_API_1: upstreams[0],
    KORT_API_2: upstreams[1],
    KORT_PROXY_PORT: `127.0.0.1:${proxyPort}`,
  });
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
worker_rlimit_nofile ${Math.max(1024, 2 * workerConnections)};
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${site}
}
`;
}
