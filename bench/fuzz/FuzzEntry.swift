// libFuzzer entry point shared by every target in bench/fuzz/targets/. Each target file defines
// `fuzzTarget(_:)`; bench/fuzz.sh compiles this file plus one target file against the
// stage targets' objects (HDRProbeBytes … HDRProbeCheck) built with `-sanitize=fuzzer,address`. Not part of Package.swift.
//
// A target must not trap, hang or allocate without bound on any input: libFuzzer reports a
// Swift trap (bounds, overflow, precondition) as a crash, ASan reports memory errors, and
// `-rss_limit_mb` / `-malloc_limit_mb` / `-timeout` catch unbounded memory and hangs.

@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    fuzzTarget(bytes)
    return 0
}

/// Keeps a value alive so the optimiser cannot drop the work that produced it.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// A property every input must keep; a violation is a crash libFuzzer saves.
func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant violated: \(message())") }
}
