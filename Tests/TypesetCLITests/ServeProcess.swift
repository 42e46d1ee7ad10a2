import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TypesetTestSupport

/// `typeset serve` run as a child process on a free port (`--port 0`), with the bundled fonts and a database of its
/// own, for the HTTP API tests; the address is read from the line it prints first. Stopped with SIGTERM (as Ctrl-C
/// would) by ``stop()`` or when released.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    /// `http://127.0.0.1:PORT/`.
    let base: String
    private let output = Pipe()
    private let errors: URL

    /// An HTTP answer.
    struct Answer {
        let status: Int
        let contentType: String
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The body parsed as JSON (nil when it is not).
        var json: Any? { try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }
        var object: [String: Any] { json as? [String: Any] ?? [:] }
    }

    init(folder: String, database: String, extra: [String] = [], in directory: TemporaryDirectory) throws {
        let executable = try #require(CLIRunner.executable, "the typeset executable was not found (swift build --product typeset)")
        errors = directory.url.appendingPathComponent(".serve-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.executableURL = executable
        process.arguments = ["serve", folder, "--port", "0", "--fonts", "bundled", "--db", database] + extra
        process.currentDirectoryURL = directory.url
        var environment = ProcessInfo.processInfo.environment
        environment["TYPESET_FONT_DIR"] = nil
        environment["XDG_CACHE_HOME"] = CLIRunner.cacheHome
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        // The first line, within a minute (a debug build starting on a loaded machine).
        let reader = output.fileHandleForReading
        var line = Data()
        let deadline = Date().addingTimeInterval(60)
        while !line.contains(10), Date() < deadline, process.isRunning || line.isEmpty {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let start = text.range(of: "http://"), let end = text[start.lowerBound...].firstIndex(of: " ") else {
            process.terminate()
            throw ServeStartFailure(message: "typeset serve did not print its address: \(text) \(String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self))")
        }
        base = String(text[start.lowerBound..<end])
    }

    struct ServeStartFailure: Error, CustomStringConvertible { let message: String; var description: String { message } }

    deinit { stop() }

    /// Stops the server with SIGTERM and waits for it; its exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: errors)
        return process.terminationStatus
    }

    /// What the server wrote on standard error so far.
    var standardError: String { String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self) }

    /// One request, answered synchronously (a minute at most).
    func request(_ method: String, _ path: String, body: String? = nil, rawBody: Data? = nil) throws -> Answer {
        let url = try #require(URL(string: base.hasSuffix("/") && path.hasPrefix("/") ? base + path.dropFirst() : base + path))
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.httpMethod = method
        if let data = rawBody ?? body.map({ Data($0.utf8) }) {
            request.httpBody = data
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let box = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            let http = response as? HTTPURLResponse
            box.answer = error == nil ? Answer(status: http?.statusCode ?? 0, contentType: http?.value(forHTTPHeaderField: "Content-Type") ?? "",
                                               body: data ?? Data()) : nil
            box.error = error
            done.signal()
        }.resume()
        done.wait()
        if let error = box.error { throw error }
        return try #require(box.answer)
    }

    func get(_ path: String) throws -> Answer { try request("GET", path) }

    /// The status line's code for a request sent as written over a socket: URLSession removes `..` segments from a
    /// URL before sending it, a hostile client does not.
    func rawStatus(_ requestLine: String) throws -> Int {
        let port = try #require(UInt16(base.split(separator: ":").last?.filter(\.isNumber) ?? ""))
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        let bytes = Array((requestLine + "\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").utf8)
        try #require(write(socket, bytes, bytes.count) == bytes.count)
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count <= 0 { break }
            reply += buffer[0..<count]
        }
        let statusLine = String(decoding: reply.prefix { $0 != 13 }, as: UTF8.self)
        return try #require(Int(statusLine.split(separator: " ").dropFirst().first ?? ""), "\(statusLine)")
    }
    func post(_ path: String, _ body: String) throws -> Answer { try request("POST", path, body: body) }

    private final class AnswerBox: @unchecked Sendable {
        var answer: Answer?
        var error: (any Error)?
    }
}

/// A folder of books for the server tests: the sample book, the Arabic EPUB of the corpus, and what must not be
/// served (a hidden folder, a link out of the folder, a file that is not a book).
func serveFolder(_ directory: TemporaryDirectory) throws -> String {
    let folder = directory.path("books")
    let manager = FileManager.default
    try manager.createDirectory(atPath: folder + "/nested/.hidden", withIntermediateDirectories: true)
    try manager.copyItem(atPath: Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt", toPath: folder + "/sample-book.txt")
    try manager.copyItem(atPath: Fixtures.corpusSourceDirectory + "/khayat-le-vrai-regime-anticancer.ar.epub",
                         toPath: folder + "/nested/khayat.epub")
    try manager.copyItem(atPath: Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt", toPath: folder + "/nested/.hidden/secret.txt")
    try "outside".write(toFile: directory.path("outside.txt"), atomically: true, encoding: .utf8)
    try manager.createSymbolicLink(atPath: folder + "/link-out.txt", withDestinationPath: directory.path("outside.txt"))
    try manager.createSymbolicLink(atPath: folder + "/link-in.txt", withDestinationPath: folder + "/sample-book.txt")
    try "not a book".write(toFile: folder + "/notes.md", atomically: true, encoding: .utf8)
    return folder
}
