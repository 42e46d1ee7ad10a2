/// Writes the tool's other output files (a speech track, its word marks) as pages are written: to a temporary
/// name in the same folder, renamed into place, so that the file under `path` is always whole.
package enum OutputFile {
    /// Writes `bytes` to `path`, replacing any file there.
    ///
    /// - Throws: ``RenderError`` `.io`, naming the file, when it cannot be written.
    package static func write(_ bytes: [UInt8], to path: String) throws(RenderError) {
        try FileBytes.write(bytes, to: path)
    }
}
