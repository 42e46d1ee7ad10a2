import Foundation
import Testing
import TypesetTestSupport

/// The DocC catalogs build without a warning: `.ci/docs.sh` (the documented docs command) over the modules this test
/// run built, so a link to a renamed symbol, an ambiguous overload, a parameter that left a signature or a link to
/// an article that moved fails the suite. Skipped when the toolchain has no `docc` (it ships with Swift 6 on Linux).
@Suite struct DocumentationTests {
    /// The toolchain's `docc`, beside the `swift` first on `PATH`.
    static let docc: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
            let docc = swift.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("docc")
            return FileManager.default.isExecutableFile(atPath: docc.path) ? docc : nil
        }
        return nil
    }()

    @Test(.enabled(if: docc != nil, "the toolchain has no docc"))
    func theCatalogsBuildWithoutWarnings() throws {
        let products = try #require(CLIRunner.executable?.deletingLastPathComponent(), "no build products found")
        let directory = try TemporaryDirectory()
        let script = URL(fileURLWithPath: Fixtures.repositoryRoot + "/.ci/docs.sh")
        let result = try CLIRunner.runProcess(script, ["--no-build", "--build-dir", products.path, "-o", directory.path("docs")],
                                              in: directory, timeout: 180)
        #expect(result.status == 0 && !result.timedOut, "docs.sh failed:\n\(result.stderr)")
        let libraries = ["TypesetCore", "TypesetDocuments", "TypesetRender", "TypesetSpeech"]
        #expect(result.stdout.split(separator: "\n").map(String.init) == libraries.map {
            "\($0): 0 warnings → \(directory.path("docs"))/\($0).doccarchive"
        }, "\(result.stdout)")
        // The articles are in the archives, as pages of their own.
        for (library, article) in [("TypesetCore", "gettingstarted"), ("TypesetCore", "commandlinetool"),
                                   ("TypesetDocuments", "epubbooks"), ("TypesetSpeech", "readingaloud")] {
            let page = "\(directory.path("docs"))/\(library).doccarchive/data/documentation/\(library.lowercased())/\(article).json"
            #expect(FileManager.default.fileExists(atPath: page), "\(page) is missing")
        }
    }
}
