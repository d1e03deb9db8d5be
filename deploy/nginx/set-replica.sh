#!/bin/sh
# Takes one API replica out of the proxy, or puts it back, without dropping a connection: marks its
# upstream line `down` in the rendered config and reloads nginx gracefully (old workers finish what
# they carry, websockets included). Stop a replica only after `down`: a stopping replica refuses new
# connections, and nginx never resends a POST it already wrote to one.
#
#   docker compose exec proxy /etc/nginx/kort/set-replica.sh api-1:3000 down
#   docker compose exec proxy /etc/nginx/kort/set-replica.sh api-1:3000 up
#
# KORT_NGINX_CONF: the rendered config (default /etc/nginx/conf.d/kort.conf); KORT_NGINX_ARGS: extra
# arguments for `nginx -s reload` (the scale-out test runs its own nginx with -p and -c).
set -eu
usage() {
  echo "usage: $0 HOST:PORT up|down" >&2
  exit 2
}
[ $# -eq 2 ] || usage
server=$1
conf=${KORT_NGINX_CONF:-/etc/nginx/conf.d/kort.conf}
grep -Eq "^[[:space:]]*server $server( |;)" "$conf" || {
  echo "$conf has no upstream $server" >&2
  exit 2
}
case $2 in
  down) sed -i -E "s/^([[:space:]]*server $server)( down)?( |;)/\1 down\3/" "$conf" ;;
  up) sed -i -E "s/^([[:space:]]*server $server) down( |;)/\1\2/" "$conf" ;;
  *) usage ;;
esac
# shellcheck disable=SC2086 # KORT_NGINX_ARGS is a list of arguments
nginx ${KORT_NGINX_ARGS:-} -t -q
# shellcheck disable=SC2086
nginx ${KORT_NGINX_ARGS:-} -s reload
# The reload returns at once; the old workers stop taking requests once the new ones run, well
# within a second. After that the replica gets nothing new and can be stopped.
sleep 1
echo "$server is $2 in the proxy"
