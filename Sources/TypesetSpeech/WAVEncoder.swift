/// WAV files: a RIFF header and 16-bit little-endian mono PCM samples, what every audio tool reads.
public enum WAVEncoder {
    /// The bytes of a WAV file holding `samples` at `sampleRate` samples a second.
    ///
    /// - Throws: ``SpeechError`` (`.tooLong`) when the samples exceed what a WAV file's 32-bit sizes can hold.
    public static func encode(samples: [Int16], sampleRate: Int) throws(SpeechError) -> [UInt8] {
        let dataBytes = samples.count.multipliedReportingOverflow(by: 2)
        guard !dataBytes.overflow, dataBytes.partialValue <= Int(UInt32.max) - 36, sampleRate > 0, sampleRate <= 1_000_000 else {
            throw SpeechError(.tooLong, "\(samples.count) samples are more than a WAV file can hold")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + dataBytes.partialValue)
        func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { bytes.append(contentsOf: $0) } }
        append("RIFF"); append32(36 + dataBytes.partialValue); append("WAVE")
        append("fmt "); append32(16); append16(1); append16(1)          // PCM, one channel
        append32(sampleRate); append32(sampleRate * 2); append16(2); append16(16)
        append("data"); append32(dataBytes.partialValue)
        for sample in samples { withUnsafeBytes(of: sample.littleEndian) { bytes.append(contentsOf: $0) } }
        return bytes
    }
}
