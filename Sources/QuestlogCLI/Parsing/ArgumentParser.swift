import QuestlogCore

/// Parses a command's arguments: `--name value`, `--name=value`, `-x value`, flags, `--` ending options.
public enum ArgumentParser {
    /// `-x` and `--name` are options; `-`, `-5` and `- Blaidd #1` are values (a name or a number).
    static func looksLikeOption(_ argument: String) -> Bool {
        let rest = argument.hasPrefix("--") ? argument.dropFirst(2) : argument.dropFirst()
        return argument.hasPrefix("-") && argument != "--" ? rest.first?.isLetter == true : argument == "--"
    }

    /// Parses `arguments` for `spec`; `others` are the other commands, to explain an option that
    /// only they take.
    public static func parse(_ arguments: [String], for spec: CommandSpec, others: [CommandSpec] = []) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        let options = spec.allOptions
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || !looksLikeOption(argument) {
                parsed.positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            var name: String
            var inlineValue: String?
            let option: OptionSpec?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                option = options.first { $0.name == name }
            } else {
                name = String(argument.dropFirst())
                if name.count > 1 {
                    // `-j4`: a short option with its value attached.
                    inlineValue = String(name.dropFirst())
                    name = String(name.prefix(1))
                }
                option = options.first { $0.short.map(String.init) == name }
            }
            guard let option else {
                let isLong = argument.hasPrefix("--")
                let owners = others.filter { other in
                    other.allOptions.contains { isLong ? $0.name == name : $0.short.map(String.init) == name }
                }
                if !owners.isEmpty {
                    let names = owners.map(\.name)
                    let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
                    throw UsageError("option '\(isLong ? "--" : "-")\(name)' means nothing to '\(spec.name)'; only \(list) take\(names.count == 1 ? "s" : "") it",
                                     command: spec.name)
                }
                let hint = Suggestion.closest(to: name, in: options.map(\.name)).map { " (did you mean '--\($0)'?)" } ?? ""
                throw UsageError("unknown option '\(argument)'\(hint)", command: spec.name)
            }
            if option.isFlag {
                if inlineValue != nil, argument.hasPrefix("--") {
                    throw UsageError("option '--\(option.name)' takes no value", command: spec.name)
                } else if let attached = inlineValue {
                    // `-qv`: several short flags together.
                    parsed.flags.insert(option.name)
                    for letter in attached {
                        guard let next = options.first(where: { $0.short == letter }), next.isFlag else {
                            throw UsageError("unknown option '-\(letter)' in '\(argument)'", command: spec.name)
                        }
                        parsed.flags.insert(next.name)
                    }
                    continue
                }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("option '--\(option.name)' needs a value (\(option.valueName ?? "VALUE"))", command: spec.name)
            }
            if let choices = option.choices, !choices.contains(value) {
                let hint = Suggestion.closest(to: value, in: choices).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError("option '--\(option.name)' must be one of \(choices.joined(separator: ", ")), not '\(value)'\(hint)", command: spec.name)
            }
            parsed.values[option.name] = value
        }
        if !parsed.flag("help") {
            let required = spec.arguments.filter { !$0.isOptional }.count
            if parsed.positional.count < required {
                let missing = spec.arguments[parsed.positional.count]
                throw UsageError("missing argument \(missing.name)", command: spec.name)
            }
            if parsed.positional.count > spec.arguments.count, spec.arguments.last?.repeats != true {
                throw UsageError("unexpected argument '\(parsed.positional[spec.arguments.count])'", command: spec.name)
            }
            for (value, argument) in zip(parsed.positional, spec.arguments) {
                if let choices = argument.choices, !choices.contains(value) {
                    let hint = Suggestion.closest(to: value, in: choices).map { " (did you mean '\($0)'?)" } ?? ""
                    throw UsageError("argument \(argument.name) must be one of \(choices.joined(separator: ", ")), not '\(value)'\(hint)",
                                     command: spec.name)
                }
            }
        }
        return parsed
    }
}
