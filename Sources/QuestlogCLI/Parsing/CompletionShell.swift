/// A shell `questlog completions` writes a script for, made from the same `CommandSpec`s as the help.
enum CompletionShell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish

    /// The completion script for `commands`, to be sourced by the shell.
    func script(for commands: [CommandSpec]) -> String {
        switch self {
        case .bash: return Self.bash(commands)
        case .zsh: return Self.zsh(commands)
        case .fish: return Self.fish(commands)
        }
    }

    /// The words `questlog` itself takes before a command.
    private static let topLevel = ["help", "--help", "-h", "--version", "-V"]

    /// Options whose value is a folder, completed with folder names.
    private static func takesFolder(_ option: OptionSpec) -> Bool {
        option.valueName == "DIR"
    }

    private static func forms(_ option: OptionSpec) -> [String] {
        ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? [])
    }

    // MARK: bash

    private static func bash(_ commands: [CommandSpec]) -> String {
        let names = commands.map(\.name)
        var text = """
        # bash completion for questlog: source <(questlog completions bash)
        _questlog() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
            COMPREPLY=()
            if [[ $COMP_CWORD -eq 1 ]]; then
                COMPREPLY=($(compgen -W "\((names + topLevel).joined(separator: " "))" -- "$cur"))
                return
            fi
            case "${COMP_WORDS[1]}" in
                help)
                    [[ $COMP_CWORD -eq 2 ]] && COMPREPLY=($(compgen -W "\(names.joined(separator: " "))" -- "$cur"))
                    ;;

        """
        for command in commands {
            text += "        \(command.name))\n"
            text += "            case \"$prev\" in\n"
            for option in command.allOptions where !option.isFlag {
                let pattern = forms(option).joined(separator: "|")
                if let choices = option.choices {
                    text += "                \(pattern)) COMPREPLY=($(compgen -W \"\(choices.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
                } else if takesFolder(option) {
                    text += "                \(pattern)) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n"
                } else {
                    text += "                \(pattern)) return ;;\n"
                }
            }
            text += "            esac\n"
            let options = command.allOptions.flatMap(forms).joined(separator: " ")
            text += "            if [[ \"$cur\" == -* ]]; then\n"
            text += "                COMPREPLY=($(compgen -W \"\(options)\" -- \"$cur\"))\n"
            let choices = command.arguments.compactMap(\.choices).flatMap { $0 }
            if !choices.isEmpty {
                text += "            else\n"
                text += "                COMPREPLY=($(compgen -W \"\(choices.joined(separator: " "))\" -- \"$cur\"))\n"
            }
            text += "            fi\n"
            text += "            ;;\n"
        }
        text += """
            esac
        }
        complete -o default -F _questlog questlog

        """
        return text
    }

    // MARK: zsh

    /// `text` inside a single-quoted zsh word, with the characters that end a field escaped:
    /// `:` in a `_describe` entry (`separator`), `]` in an `_arguments` explanation.
    private static func zshQuoted(_ text: String, escaping special: [String]) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
        for character in special { escaped = escaped.replacingOccurrences(of: character, with: "\\" + character) }
        return escaped.replacingOccurrences(of: "'", with: "'\\''")
    }

    private static func zshAction(value: String, choices: [String]?, folder: Bool) -> String {
        if let choices { return ":\(value):(\(choices.joined(separator: " ")))" }
        return folder ? ":\(value):_files -/" : ":\(value): "
    }

    private static func zsh(_ commands: [CommandSpec]) -> String {
        var text = """
        #compdef questlog
        # zsh completion for questlog: questlog completions zsh > "${fpath[1]}/_questlog"
        _questlog() {
            local -a commands
            commands=(

        """
        for command in commands {
            text += "        '\(zshQuoted(command.name, escaping: [":"])):\(zshQuoted(command.summary, escaping: [":"]))'\n"
        }
        text += """
            )
            if (( CURRENT == 2 )); then
                _describe -t commands 'questlog command' commands
                _arguments '(- *)'{-h,--help}'[Show the help]' '(- *)'{-V,--version}'[Show the version]'
                return
            fi
            local command=$words[2]
            words=(${words[2,-1]})
            (( CURRENT-- ))
            case $command in
                help)
                    _describe -t commands 'questlog command' commands
                    ;;

        """
        for command in commands {
            text += "        \(command.name))\n"
            text += "            _arguments \\\n"
            for option in command.allOptions {
                let help = "[\(zshQuoted(option.help, escaping: ["[", "]"]))]"
                let action = option.valueName.map { zshAction(value: $0, choices: option.choices, folder: takesFolder(option)) } ?? ""
                if let short = option.short {
                    text += "                '(-\(short) --\(option.name))'{-\(short),--\(option.name)}'\(help)\(action)' \\\n"
                } else {
                    text += "                '--\(option.name)\(help)\(action)' \\\n"
                }
            }
            for (index, argument) in command.arguments.enumerated() {
                let optional = argument.isOptional ? ":" : ""
                let action = zshAction(value: zshQuoted(argument.name, escaping: [":"]), choices: argument.choices, folder: argument.name == "DIR")
                let position = argument.repeats ? "*" : "\(index + 1)"
                text += "                '\(position)\(optional)\(action)' \\\n"
            }
            text = String(text.dropLast(3)) + "\n"
            text += "            ;;\n"
        }
        text += """
            esac
        }
        if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
            _questlog "$@"
        else
            compdef _questlog questlog
        fi

        """
        return text
    }

    // MARK: fish

    /// `text` as a single-quoted fish word.
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    private static func fish(_ commands: [CommandSpec]) -> String {
        let names = commands.map(\.name).joined(separator: " ")
        var text = """
        # fish completion for questlog: questlog completions fish > ~/.config/fish/completions/questlog.fish
        complete -c questlog -f
        complete -c questlog -n __fish_use_subcommand -s h -l help -d 'Show the help'
        complete -c questlog -n __fish_use_subcommand -s V -l version -d 'Show the version'
        complete -c questlog -n __fish_use_subcommand -a help -d 'Show a command\\'s help'
        complete -c questlog -n '__fish_seen_subcommand_from help' -a '\(names)'

        """
        for command in commands {
            text += "complete -c questlog -n __fish_use_subcommand -a \(command.name) -d \(fishQuoted(command.summary))\n"
        }
        for command in commands {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.allOptions {
                var line = "complete -c questlog \(condition) -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if let choices = option.choices {
                    line += " -x -a '\(choices.joined(separator: " "))'"
                } else if takesFolder(option) {
                    line += " -x -a '(__fish_complete_directories)'"
                } else if !option.isFlag {
                    line += " -x"
                }
                text += line + " -d \(fishQuoted(option.help))\n"
            }
            for argument in command.arguments {
                if let choices = argument.choices {
                    text += "complete -c questlog \(condition) -a '\(choices.joined(separator: " "))'\n"
                } else if argument.name == "DIR" {
                    text += "complete -c questlog \(condition) -a '(__fish_complete_directories)'\n"
                }
            }
        }
        return text
    }
}
