extension SampleTableBandwidth {
    /// The merged samples from the window's start (or its end, when that is behind) to the last
    /// one decoded, in a ring that grows when a window holds more than it has room for: each sample
    /// is decoded once and read again from here by the window's start. Sample `k` is the `k`-th of
    /// the merged order (0-based).
    struct SampleWindow: ~Copyable {
        private var storage: UnsafeMutablePointer<Sample>
        private var mask: Int
        /// Samples `low ..< high` are held.
        private var low = 0, high = 0

        init(capacity: Int = 1024) {
            let size = max(2, capacity).nextPowerOfTwo
            storage = .allocate(capacity: size)
            mask = size - 1
        }

        deinit { storage.deallocate() }

        /// Sample `k`, held (``fill(through:from:)`` returned true for it, not released).
        @inline(__always) subscript(k: Int) -> Sample { storage[k & mask] }

        /// Decodes samples from `samples` until sample `k` is held; false when they end before it.
        @inline(__always) mutating func fill(through k: Int, from samples: inout MergedCursor) -> Bool {
            while high <= k {
                guard let sample = samples.next() else { return false }
                if high - low > mask { grow() }
                (storage + (high & mask)).initialize(to: sample)
                high += 1
            }
            return true
        }

        /// Forgets the samples before `k` (never needed again).
        @inline(__always) mutating func release(before k: Int) {
            low = max(low, k)
        }

        private mutating func grow() {
            let size = 2 * (mask + 1)
            let larger = UnsafeMutablePointer<Sample>.allocate(capacity: size)
            for k in low..<high { (larger + (k & (size - 1))).initialize(to: storage[k & mask]) }
            storage.deallocate()
            storage = larger
            mask = size - 1
        }
    }
}

extension Int {
    /// The smallest power of two at or above `self` (≥ 1).
    fileprivate var nextPowerOfTwo: Int {
        var size = 1
        while size < self { size <<= 1 }
        return size
    }
}
