# Shared by the bench scripts (sourced; expects ROOT, BUILD, log and die to be defined).
# build_release: builds the release binary unless --no-build was given, retrying while another
# build may hold SwiftPM's lock; sets HDRPROBE to the binary.
build_release() {
  HDRPROBE=$ROOT/.build/release/hdrprobe
  if ((BUILD)); then
    local flags; flags=$(bash "$ROOT/scripts/release-flags.sh")
    log "building the release binary (swift build -c release $flags --product hdrprobe)"
    local ok=0 attempt
    for attempt in 1 2 3 4 5; do
      if (cd "$ROOT" && swift build -c release $flags --product hdrprobe) >&2; then ok=1; break; fi
      log "build attempt $attempt failed; retrying in 20 s (another build may hold the lock)"
      sleep 20
    done
    ((ok)) || die "swift build -c release $flags --product hdrprobe failed"
  fi
  [[ -x $HDRPROBE ]] || die "$HDRPROBE not found (build it, or drop --no-build)"
}
