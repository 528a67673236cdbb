/// The declaration of a command: its help, usage and parsing all come from this one value.
public struct CommandSpec: Sendable {
    public var name: String
    public var summary: String
    public var discussion: String?
    public var arguments: [ArgumentSpec]
    /// The command's own options; `--help` and the common options are added.
    public var options: [OptionSpec]
    /// The shared options the command takes (default: all of `OptionSpec.common`).
    public var common: [OptionSpec]

    public init(name: String, summary: String, discussion: String? = nil, arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
                common: [OptionSpec] = OptionSpec.common) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.common = common
    }

    public var allOptions: [OptionSpec] {
        options + common.filter { common in !options.contains { $0.name == common.name } } + [.help]
    }

    public var usage: String {
        let positional = arguments.map { argument in
            let name = argument.repeats ? argument.name + "..." : argument.name
            return argument.isOptional ? "[\(name)]" : name
        }
        return (["questlog", name] + positional + ["[options]"]).joined(separator: " ")
    }

    /// The text of `questlog <command> --help`.
    public var helpText: String {
        var text = "\(summary)\n\nUsage: \(usage)\n"
        if let discussion { text += "\n\(discussion)\n" }
        if !arguments.isEmpty {
            text += "\nArguments:\n"
            let width = arguments.map(\.name.count).max() ?? 0
            for argument in arguments {
                var help = argument.help
                if let choices = argument.choices, !help.contains(choices[0]) { help += " (\(choices.joined(separator: "|")))" }
                text += "  " + argument.name.padding(toLength: width + 2) + help + "\n"
            }
        }
        text += "\nOptions:\n"
        let rendered = allOptions.map { option -> (String, String) in
            var left = option.short.map { "-\($0), " } ?? "    "
            left += "--\(option.name)"
            if let value = option.valueName { left += " \(value)" }
            var help = option.help
            if let choices = option.choices, !help.contains(choices[0]) { help += " (\(choices.joined(separator: "|")))" }
            return (left, help)
        }
        let width = rendered.map(\.0.count).max() ?? 0
        for (left, help) in rendered {
            text += "  " + left.padding(toLength: width + 2) + help + "\n"
        }
        return text
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
