import Foundation
import Testing
import TypesetTestSupport

/// The tool loads the image codecs, librsvg (with cairo and pango), eSpeak NG and MeCab when a book or a command
/// needs them, not at start
/// (issue 32: linked, they were 70-odd of its 110-odd libraries, AV1 encoders and libhwy's static initializer
/// among them). Checked with the dynamic loader's own log (`LD_DEBUG=files`), which names every library loaded,
/// linked or opened later.
@Suite struct LeanStartTests {
    /// The libraries opened at first use, by name prefix.
    static let onDemand = ["libturbojpeg.", "libgif.", "libwebp.", "libavif.", "libjxl.", "librsvg-2.", "libcairo.",
                           "libpango-1.0.", "libpangocairo-1.0.", "libpangoft2-1.0.", "libespeak-ng.", "libmecab."]
    /// Encoders Debian's codec libraries pull in (libavif's AV1 encoders; libjxl's libhwy and brotli encoder).
    static let encoders = ["librav1e.", "libSvtAv1Enc.", "libaom.", "libhwy.", "libbrotlienc."]
    /// The most libraries a start may load (the project's limit on `ldd typeset | wc -l`).
    static let limit = 45

    /// The libraries the run loaded, from `LD_DEBUG=files` lines (`file=libz.so.1 [0];  needed by ...`).
    static func loadedLibraries(_ result: CLIResult) -> Set<String> {
        var names: Set<String> = []
        for line in result.stderrLines {
            guard let start = line.range(of: "file=")?.upperBound, let end = line[start...].firstIndex(of: " ") else { continue }
            names.insert(String(line[start..<end]))
        }
        return names
    }

    static func matching(_ prefixes: [String], in names: Set<String>) -> [String] {
        names.filter { name in prefixes.contains { name.hasPrefix($0) } }.sorted()
    }

    @Test func helpLoadsNoCodecAndNoSpeech() throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.run(["help"], in: directory, environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "\(result.stderr)")
        let loaded = Self.loadedLibraries(result)
        #expect(!loaded.isEmpty, "LD_DEBUG=files logged nothing: \(result.stderr.prefix(300))")
        #expect(Self.matching(Self.onDemand + Self.encoders, in: loaded).isEmpty)
        #expect(loaded.count <= Self.limit, "\(loaded.count) libraries: \(loaded.sorted())")
    }

    /// A page of plain text (Japanese among it, which only reading aloud would give to MeCab) loads no codec, no
    /// SVG, no speech.
    @Test func aTextPageLoadsNothingOnDemand() throws {
        let directory = try TemporaryDirectory()
        let book = try directory.write("A page of text.\n\n吾輩は猫である。名前はまだ無い。\n", to: "page.txt")
        let result = try CLIRunner.run(["--fonts", "bundled", "--pages", "1", "--scale", "1", "-o", "page.png", book],
                                       in: directory, environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "\(result.stderr.suffix(600))")
        let loaded = Self.loadedLibraries(result)
        #expect(Self.matching(Self.onDemand + Self.encoders, in: loaded).isEmpty)
        #expect(loaded.count <= Self.limit, "\(loaded.count) libraries: \(loaded.sorted())")
    }

    @Test func aJPEGPageOpensLibjpegTurboAndNothingElse() throws {
        let directory = try TemporaryDirectory()
        let book = try Fixtures.corpusPath("melville-moby-dick.epub3.epub")
        let result = try CLIRunner.run(["--fonts", "bundled", "--pages", "1", "--scale", "1", "-o", "cover.png", book],
                                       in: directory, environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "\(result.stderr.suffix(600))")
        #expect(!result.stderr.contains("placeholder"), "the cover was not drawn")
        let loaded = Self.loadedLibraries(result)
        #expect(Self.matching(Self.onDemand + Self.encoders, in: loaded) == ["libturbojpeg.so.0"])
    }
}
