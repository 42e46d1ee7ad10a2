import TypesetCore

/// Shell completion scripts (`typeset completion bash|zsh|fish`), all three made from one model of the two option
/// tables (``ReaderSettings/table`` and ``CommandOption/all``), so that an option added to a table completes in
/// every shell.
enum Completion: String, CaseIterable {
    case bash, zsh, fish

    /// The script for this shell.
    var script: String {
        switch self {
        case .bash: Self.bashScript
        case .zsh: Self.zshScript
        case .fish: Self.fishScript
        }
    }

    /// What follows an option on the command line.
    enum Value: Equatable {
        /// Nothing: a switch.
        case none
        /// One of these words.
        case words([String])
        /// A folder.
        case folder
        /// A file.
        case file
        /// Anything else (a number, a family name).
        case other
    }

    /// One spelling of an option (`--hyphenate` and `--no-hyphenate` are two), the commands that take it and its
    /// value.
    struct Option {
        let spelling: String
        let commands: Set<Command>
        let value: Value
    }

    /// The options whose value is a folder or a file, by name.
    static let folderOptions: Set<String> = ["-o", "--output", "--font-dir", "--highlight-pages", "--covers", "--worker-folder"]
    static let fileOptions: Set<String> = ["--locator", "--decorations", "--from", "--marks", "--db", "--python", "--worker-typeset"]

    /// Every spelling of every option, settings first, in the tables' order.
    static let options: [Option] = {
        let settingCommands = Set(Command.allCases.filter(\.takesSettings))
        var options: [Option] = []
        for setting in ReaderSettings.table {
            switch setting.kind {
            case .flag:
                options.append(Option(spelling: "--\(setting.name)", commands: settingCommands, value: .none))
                options.append(Option(spelling: "--no-\(setting.name)", commands: settingCommands, value: .none))
            case .choice(let values, _):
                options.append(Option(spelling: "--\(setting.name)", commands: settingCommands, value: .words(values)))
            case .theme:
                options.append(Option(spelling: "--\(setting.name)", commands: settingCommands, value: .words(["light", "sepia", "dark"])))
            default:
                options.append(Option(spelling: "--\(setting.name)", commands: settingCommands, value: .other))
            }
        }
        for option in CommandOption.all {
            let value: Value
            if option.valueName == nil {
                value = .none
            } else if option.name == "--fonts" {
                value = .words(FontChoice.allCases.map(\.rawValue))
            } else if folderOptions.contains(option.name) {
                value = .folder
            } else if fileOptions.contains(option.name) {
                value = .file
            } else {
                value = .other
            }
            for spelling in [option.name] + (option.short.map { [$0] } ?? []) {
                options.append(Option(spelling: spelling, commands: option.commands, value: value))
            }
        }
        return options
    }()

    /// The commands named by a first word (all but `render`, which is the default), then `help` and `completion`.
    static var firstWords: [String] {
        Command.allCases.filter { $0 != .render }.map(\.rawValue) + ["help", "completion"]
    }

    /// The spellings `command` takes.
    static func spellings(_ command: Command) -> [String] {
        options.filter { $0.commands.contains(command) }.map(\.spelling)
    }

    /// The options that take a value, grouped by the value, in a stable order: what each shell's `case` on the
    /// previous word needs.
    static var valuedOptions: [(spellings: [String], value: Value)] {
        var groups: [(spellings: [String], value: Value)] = []
        for option in options where option.value != .none && option.value != .other {
            if let index = groups.firstIndex(where: { $0.value == option.value }) {
                if !groups[index].spellings.contains(option.spelling) { groups[index].spellings.append(option.spelling) }
            } else {
                groups.append(([option.spelling], option.value))
            }
        }
        return groups
    }

    private static var subcommands: [Command] { Command.allCases.filter { $0 != .render } }

    static var bashScript: String {
        var previous = ""
        for group in valuedOptions {
            let pattern = group.spellings.joined(separator: "|")
            switch group.value {
            case .words(let words): previous += "        \(pattern)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
            case .folder: previous += "        \(pattern)) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n"
            case .file: previous += "        \(pattern)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
            case .none, .other: break
            }
        }
        let cases = subcommands.map { "        \($0.rawValue)) opts=\"\(spellings($0).joined(separator: " "))\" ;;\n" }.joined()
        return """
            # bash completion for typeset (generated by `typeset completion bash` from its option tables)
            _typeset() {
                local cur prev cmd opts
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                cmd=render
                case "${COMP_WORDS[1]}" in
                    \(subcommands.map(\.rawValue).joined(separator: "|"))) cmd="${COMP_WORDS[1]}" ;;
                esac
                case "$prev" in
            \(previous)    esac
                case "$cmd" in
            \(cases)        *) opts="\(spellings(.render).joined(separator: " "))" ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
                elif [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W "\(firstWords.joined(separator: " "))" -- "$cur") $(compgen -f -- "$cur"))
                elif [[ "${COMP_WORDS[1]}" == completion ]]; then
                    COMPREPLY=($(compgen -W "\(allCases.map(\.rawValue).joined(separator: " "))" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -F _typeset typeset

            """
    }

    static var zshScript: String {
        var previous = ""
        for group in valuedOptions {
            let pattern = group.spellings.joined(separator: "|")
            switch group.value {
            case .words(let words): previous += "    (\(pattern)) compadd -- \(words.joined(separator: " ")); return ;;\n"
            case .folder: previous += "    (\(pattern)) _files -/; return ;;\n"
            case .file: previous += "    (\(pattern)) _files; return ;;\n"
            case .none, .other: break
            }
        }
        let cases = subcommands.map { "    (\($0.rawValue)) opts=(\(spellings($0).joined(separator: " "))) ;;\n" }.joined()
        return """
            #compdef typeset
            # zsh completion for typeset (generated by `typeset completion zsh` from its option tables): put it in a
            # folder of $fpath as _typeset, or source it after compinit.
            _typeset() {
              local cmd=render prev=${words[CURRENT-1]}
              local -a opts
              case ${words[2]} in
                (\(subcommands.map(\.rawValue).joined(separator: "|"))) cmd=${words[2]} ;;
              esac
              case $prev in
            \(previous)  esac
              case $cmd in
            \(cases)    (*) opts=(\(spellings(.render).joined(separator: " "))) ;;
              esac
              if [[ $PREFIX == -* ]]; then
                compadd -- $opts
              elif (( CURRENT == 2 )); then
                compadd -- \(firstWords.joined(separator: " "))
                _files
              elif [[ ${words[2]} == completion ]]; then
                compadd -- \(allCases.map(\.rawValue).joined(separator: " "))
              else
                _files
              fi
            }
            if [[ ${funcstack[1]} == _typeset ]]; then _typeset "$@"; else compdef _typeset typeset; fi

            """
    }

    static var fishScript: String {
        let names = subcommands.map(\.rawValue)
        var lines = [
            "# fish completion for typeset (generated by `typeset completion fish` from its option tables): save it as",
            "# ~/.config/fish/completions/typeset.fish",
            "complete -c typeset -n __fish_use_subcommand -a '\(firstWords.joined(separator: " "))'",
            "complete -c typeset -n '__fish_seen_subcommand_from completion' -f -a '\(allCases.map(\.rawValue).joined(separator: " "))'",
        ]
        for option in options {
            // Render takes an option when no subcommand is named, so an option of render's is offered unless a
            // command that does not take it was named.
            let condition: String
            if option.commands.contains(.render) {
                let others = names.filter { !option.commands.contains(Command(rawValue: $0) ?? .render) }
                condition = others.isEmpty ? "" : "-n 'not __fish_seen_subcommand_from \(others.joined(separator: " "))' "
            } else {
                condition = "-n '__fish_seen_subcommand_from \(names.filter { option.commands.contains(Command(rawValue: $0) ?? .render) }.joined(separator: " "))' "
            }
            let name = option.spelling.hasPrefix("--") ? "-l \(option.spelling.dropFirst(2))" : "-s \(option.spelling.dropFirst())"
            let value = switch option.value {
            case .none: ""
            case .words(let words): " -x -a '\(words.joined(separator: " "))'"
            case .folder: " -x -a '(__fish_complete_directories)'"
            case .file: " -r -F"
            case .other: " -x"
            }
            lines.append("complete -c typeset \(condition)\(name)\(value)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
