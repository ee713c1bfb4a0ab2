import HDRProbeModel
import HDRProbeEngine

/// The `tool` object of reports the library makes itself (walk errors, crashed workers).
enum ProbeEngineTool {
    static let info: ToolInfo = ProbeEngine.tool
}
