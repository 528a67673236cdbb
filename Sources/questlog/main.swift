import Foundation
import QuestlogCLI

exit(QuestlogCommandLine.run(Array(CommandLine.arguments.dropFirst()), endsWithProcess: true).rawValue)
