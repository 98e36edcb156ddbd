/**
 * glibc's malloc on transparent huge pages for the node processes a script starts (the TypeScript
 * side of scripts/huge-pages.sh, which the product's start and worker scripts source; the reason and
 * figures are there and in docs/performance.md "Huge pages"). glibc reads GLIBC_TUNABLES at process
 * start, so this sets it in an environment that children inherit; a value that already names the
 * tunable wins (=0 turns it off).
 */
export function askHugePages(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (!env.GLIBC_TUNABLES?.includes('glibc.malloc.hugetlb='))
    env.GLIBC_TUNABLES = [env.GLIBC_TUNABLES, 'glibc.malloc.hugetlb=1'].filter(Boolean).join(':');
  return env;
}
