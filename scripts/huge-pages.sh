# Sourced by scripts/start.sh and `npm run worker`: glibc's malloc asks for transparent huge pages
# (the kernel's THP setting is usually `madvise`). The segmentation model's tensors (tens of MB,
# mapped anew at every run) then cost far fewer page faults and TLB misses: a model run takes about
# half the CPU (9.5 -> 4.5 s here), the same mask byte for byte, about 0.25 GB more resident
# (docs/performance.md "Huge pages"). Read by glibc at process start, so it must be in the
# environment before node starts. A GLIBC_TUNABLES that already names it wins (=0 turns it off).
case ":${GLIBC_TUNABLES:-}:" in
  *:glibc.malloc.hugetlb=*) ;;
  *) export GLIBC_TUNABLES="${GLIBC_TUNABLES:+$GLIBC_TUNABLES:}glibc.malloc.hugetlb=1" ;;
esac
