import CFFmpeg
import HDRProbeContainers

/// A custom libavformat I/O context over ``MediaFile``: libavformat reads through hdrprobe's
/// counted, deadline-bound reads, and its interrupt callback stops any demuxer loop once the
/// per-file time limit passes.
package final class AVIOBridge {
    package let file: MediaFile
    private(set) var context: UnsafeMutablePointer<AVIOContext>?
    private var position = 0
    package static let bufferSize: Int32 = 32 * 1024

    /// Bytes shown to libavformat in place of the file's own at `offset`.
    private let masks: [ByteMask]
    /// New bytes libavformat may still read (``limitReads(to:)``); nil: no limit.
    private var remainingBudget: Int?
    /// Everything shown to libavformat so far: re-reading it costs no budget.
    private var delivered = DeliveredRanges()
    /// The position of the first read the budget refused before the end of the file: where
    /// libavformat stopped seeing the file.
    private(set) var budgetStop: Int?

    package init?(file: MediaFile, masks: [ByteMask] = []) {
        self.file = file
        self.masks = masks
        guard let buffer = hdrprobe_av_malloc(Int(Self.bufferSize)) else { return nil }
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        context = hdrprobe_avio_alloc_context(buffer.assumingMemoryBound(to: UInt8.self), Self.bufferSize, opaque,
                                     { opaque, buf, size in
                                         guard let opaque, let buf else { return hdrprobe_averror_eio() }
                                         let bridge = Unmanaged<AVIOBridge>.fromOpaque(opaque).takeUnretainedValue()
                                         return bridge.readPacket(buf, Int(size))
                                     },
                                     { opaque, offset, whence in
                                         guard let opaque else { return -1 }
                                         let bridge = Unmanaged<AVIOBridge>.fromOpaque(opaque).takeUnretainedValue()
                                         return bridge.seek(offset, whence)
                                     })
        if context == nil {
            hdrprobe_av_free(buffer)
            return nil
        }
    }

    deinit {
        if context != nil {
            hdrprobe_av_freep(&context!.pointee.buffer)
            hdrprobe_avio_context_free(&context)
        }
    }

    /// From now on libavformat reads at most `bytes` it has not read before (wherever it seeks;
    /// reading again what it read costs nothing); past them every read of new bytes ends like the
    /// end of the file. nil lifts the limit.
    package func limitReads(to bytes: Int?) { remainingBudget = bytes.map { max(0, $0) } }

    private func readPacket(_ buf: UnsafeMutablePointer<UInt8>, _ size: Int) -> Int32 {
        if file.timedOut { return hdrprobe_averror_exit() }
        var count = size
        if let remaining = remainingBudget, remaining <= 0 {
            count = min(size, delivered.coveredRun(from: position))
            if count == 0 {
                if position < file.size, budgetStop == nil { budgetStop = position }
                return hdrprobe_averror_eof()
            }
        }
        let n = file.read(into: buf, count: count, at: position)
        if n < 0 { return file.timedOut ? hdrprobe_averror_exit() : hdrprobe_averror_eio() }
        if n == 0 { return hdrprobe_averror_eof() }
        let fresh = delivered.insert(position..<position + n)
        remainingBudget = remainingBudget.map { $0 - fresh }
        for mask in masks where mask.offset < position + n && mask.offset + mask.bytes.count > position {
            for (i, byte) in mask.bytes.enumerated() where (position..<position + n).contains(mask.offset + i) {
                buf[mask.offset + i - position] = byte
            }
        }
        position += n
        return Int32(n)
    }

    private func seek(_ offset: Int64, _ whence: Int32) -> Int64 {
        let mode = whence & ~AVSEEK_FORCE
        if mode == AVSEEK_SIZE { return Int64(file.size) }
        let target: Int64
        switch mode {
        case SEEK_SET: target = offset
        case SEEK_CUR: target = Int64(position) + offset
        case SEEK_END: target = Int64(file.size) + offset
        default: return -1
        }
        guard target >= 0 else { return -1 }
        position = Int(min(target, Int64(Int.max / 2)))
        return target
    }

    /// For `AVFormatContext.interrupt_callback`: stops libavformat at the deadline.
    package static let interrupt: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { opaque in
        guard let opaque else { return 0 }
        let bridge = Unmanaged<AVIOBridge>.fromOpaque(opaque).takeUnretainedValue()
        return bridge.file.timedOut ? 1 : 0
    }
}
