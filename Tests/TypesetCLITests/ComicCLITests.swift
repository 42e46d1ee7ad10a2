import Foundation
import Testing
import TypesetCore
import TypesetTestSupport

/// Every command on a comic book archive: pages and spreads drawn in the comic's direction, its metadata in
/// `info`, its cover; search and speech refused with the reason.
@Suite struct ComicCLITests {
    static let colors = [Color(red: 200, green: 30, blue: 40), Color(red: 30, green: 90, blue: 200),
                         Color(red: 20, green: 160, blue: 60), Color(red: 230, green: 140, blue: 0)]

    /// Four pages named so that only a natural sort reads them in order (`p2` before `p10`).
    static func write(_ directory: TemporaryDirectory, name: String, manga: Bool) throws -> String {
        let names = ["p1.png", "p2.png", "p10.png", "p11.png"]
        let pages = names.enumerated().map { ComicArchive.Page($1, width: 60, height: 90, color: colors[$0]) }
        let entries = try ComicArchive.entries(pages, comicInfo: manga ? ComicArchive.mangaInfo(title: "Right To Left") : nil)
        try ZipWriter.write(entries, to: directory.path(name))
        return directory.path(name)
    }

    static let settings = ["--width", "200", "--height", "300", "--margins", "0", "--theme", "ffffff:000000"]

    /// A spread's PNG: the colour in the middle of its left and right halves.
    static func halves(_ path: String) throws -> (left: Color?, right: Color?) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard let size = ComicArchive.pixel(ofPNG: bytes, x: 0, y: 0) else { return (nil, nil) }
        return (ComicArchive.pixel(ofPNG: bytes, x: size.width / 4, y: size.height / 2)?.color,
                ComicArchive.pixel(ofPNG: bytes, x: 3 * size.width / 4, y: size.height / 2)?.color)
    }

    @Test func spreadsTurnInTheComicsDirection() throws {
        let directory = try TemporaryDirectory()
        let white = Color(red: 255, green: 255, blue: 255)
        for manga in [false, true] {
            let book = try Self.write(directory, name: manga ? "manga.cbz" : "comic.cbz", manga: manga)
            let folder = directory.path(manga ? "manga" : "comic")
            let result = try CLIRunner.run([book, "--spread", "recto", "-o", folder] + Self.settings, in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains(manga ? "right to left" : "left to right"))
            // recto: the cover alone on the recto, then pages 2–3, then page 4 alone.
            let first = try Self.halves(folder + "/spread-0001.png"), second = try Self.halves(folder + "/spread-0002.png")
            if manga {
                #expect(first.left == Self.colors[0] && first.right == white, "a right-to-left book opens on the left")
                #expect(second.right == Self.colors[1] && second.left == Self.colors[2], "page 2 on the right, page 3 (p10) on the left")
            } else {
                #expect(first.right == Self.colors[0] && first.left == white)
                #expect(second.left == Self.colors[1] && second.right == Self.colors[2], "p2 before p10")
            }
        }
    }

    @Test func infoCoverAndRefusals() throws {
        let directory = try TemporaryDirectory()
        let book = try Self.write(directory, name: "manga.cbz", manga: true)
        let info = try CLIRunner.run(["info", "--json", book], in: directory)
        #expect(info.status == 0, "\(info.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: info.stdoutData) as? [String: Any])
        #expect(json["format"] as? String == "cbz" && json["title"] as? String == "Right To Left")
        #expect(json["pageProgression"] as? String == "rtl" && json["pageCount"] as? Int == 4)
        #expect((json["images"] as? [[String: Any]])?.compactMap { $0["href"] as? String } == ["p1.png", "p2.png", "p10.png", "p11.png"])
        let text = try CLIRunner.run(["info", book], in: directory)
        #expect(text.status == 0 && text.stdout.contains("comic book archive") && text.stdout.contains("page progression rtl"))
        let cover = try CLIRunner.run(["cover", book, "-o", directory.path("cover.png"), "--width", "30"], in: directory)
        #expect(cover.status == 0, "\(cover.stderr)")
        let coverBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory.path("cover.png"))))
        #expect(ComicArchive.pixel(ofPNG: coverBytes, x: 15, y: 20)?.color == Self.colors[0])
        expectFailure(try CLIRunner.run(["search", book, "word"], in: directory), status: 1, mentioning: ["comic", "no text to search"])
        expectFailure(try CLIRunner.run(["speak", book], in: directory), status: 1, mentioning: ["comic", "no text to read aloud"])
        // A Locator of a page names its image.
        let locate = try CLIRunner.run(["locate", book, "--at", "4"], in: directory)
        #expect(locate.status == 0 && locate.stdout.contains("p10.png"), "\(locate.stdout) \(locate.stderr)")
    }
}
