import Foundation
import Testing
import TypesetCore
import TypesetTestSupport

/// A fonts folder that is not there is an error naming it, for both sources: fontconfig skips a missing folder
/// silently, and pages then break differently with no word of why.
@Suite struct FontFolderTests {
    @Test(arguments: [FontSource.systemAndBundled(directory: "/nonexistent/fonts"), .bundledOnly(directory: "/nonexistent/fonts")])
    func aMissingFolderIsAnError(source: FontSource) {
        #expect {
            _ = try FontContext(source: source)
        } throws: { error in
            let error = error as? FontError
            return error?.code == .directoryNotFound && error?.message == "the fonts folder /nonexistent/fonts does not exist"
        }
    }

    @Test func aFileIsNotAFolder() throws {
        let file = Fixtures.repositoryRoot + "/Fonts/README.md"
        #expect(FileManager.default.fileExists(atPath: file))
        #expect {
            _ = try FontContext(source: .systemAndBundled(directory: file))
        } throws: { error in
            (error as? FontError)?.message == "the fonts folder \(file) is not a folder"
        }
    }

    @Test func theBundledFolderAndNoFolderAreAccepted() throws {
        _ = try FontContext(source: .systemAndBundled(directory: Fixtures.fontsDirectory))
        _ = try FontContext(source: .bundledOnly(directory: Fixtures.fontsDirectory))
        _ = try FontContext(source: .systemAndBundled(directory: nil))
    }
}
