internal import CFreeType

/// Owns one `FT_Library`. Not thread-safe (FreeType's rule), so not Sendable: each ``PageRenderer`` makes
/// its own.
final class FreeTypeLibrary {
    let raw: FT_Library

    init() throws(RenderError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw RenderError(.freeType, "FreeType could not be initialised (\(FreeTypeLibrary.describe(error)))")
        }
        raw = library
    }

    deinit { FT_Done_FreeType(raw) }

    /// `FreeType error 0x02 (unknown file format)`. Debian builds FreeType without
    /// `FT_CONFIG_OPTION_ERROR_STRINGS`, so `FT_Error_String` returns NULL; the errors a renderer can meet are
    /// named here instead.
    static func describe(_ error: FT_Error) -> String {
        let name: String? = switch error {
        case 0x01: "cannot open resource"
        case 0x02: "unknown file format"
        case 0x03: "broken file"
        case 0x06: "invalid argument"
        case 0x07: "unimplemented feature"
        case 0x08: "broken table"
        case 0x10: "invalid glyph index"
        case 0x14: "invalid outline"
        case 0x17: "invalid pixel size"
        case 0x40: "out of memory"
        case 0x51: "stream operation failed"
        case 0x55: "invalid stream read"
        case 0x8E: "table missing"
        case 0x8F: "horizontal header (hhea) table missing"
        case 0x90: "locations (loca) table missing"
        case 0x93: "character map (cmap) table missing"
        default: nil
        }
        let hex = String(error, radix: 16, uppercase: true)
        return "FreeType error 0x\(hex.count < 2 ? "0" + hex : hex)" + (name.map { " (\($0))" } ?? "")
    }
}
