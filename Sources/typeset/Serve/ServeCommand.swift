import Foundation
import TypesetCore

/// `typeset serve [FOLDER] [--port N] [--host ADDRESS] [--db FILE] [--max-books N] [settings options]`: a reader in
/// the browser for the books of a folder, until SIGINT or SIGTERM.
enum ServeCommand {
    static func run(_ options: Options) throws {
        let server = try Server(options: options)
        let console = Console.shared
        console.releaseNotices()
        // The address on standard output, at once (a script or test reads the port from it).
        let shown = server.host.contains(":") ? "[\(server.host)]" : server.host
        console.line("typeset serve: http://\(shown):\(server.http.port)/ (\(server.routes.library.root), database \(server.routes.store.path))")
        console.flush()
        server.waitForSignal()
        server.http.stop()
        console.notice("stopped")
    }

    /// A running server: the library, the database, the readers and the HTTP daemon answering with them.
    final class Server: Sendable {
        let routes: ServeRoutes
        let http: HTTPServer
        let host: String

        /// Starts serving as `options` say; SIGINT and SIGTERM are blocked first (in every thread the daemon
        /// starts), so that ``waitForSignal()`` receives them.
        init(options: Options) throws {
            let folder = options.input ?? "."
            let library = try BookLibrary(folder: folder)
            let store: ReaderStore
            let databasePath = options.database ?? library.root + "/.typeset/reader.sqlite"
            do { store = try ReaderStore(path: databasePath) } catch let error as DatabaseError {
                throw ToolFailure(status: .cannotWrite, message: "serve: \(error.description)")
            }
            _ = try options.settings.validated()
            let typesetter = Typesetter(fonts: try LaidOutBook.fontContext(options), threads: options.threads)
            let registry = ReaderRegistry(library: library, store: store, typesetter: typesetter, options: options,
                                          maximumBooks: options.maximumBooks)
            routes = ServeRoutes(registry: registry)
            host = options.host
            Self.blockSignals()
            let routes = self.routes
            http = try HTTPServer(host: options.host, port: options.port) { routes.answer($0) }
        }

        private static func blockSignals() {
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGINT)
            sigaddset(&set, SIGTERM)
            pthread_sigmask(SIG_BLOCK, &set, nil)
        }

        /// Waits for SIGINT or SIGTERM.
        func waitForSignal() {
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGINT)
            sigaddset(&set, SIGTERM)
            var received: Int32 = 0
            sigwait(&set, &received)
        }
    }
}
