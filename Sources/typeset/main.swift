import Foundation

exit(Tool(arguments: Array(CommandLine.arguments.dropFirst())).run())
