import Foundation
import QuestlogCLI

exit(QuestlogCommandLine.run(Array(CommandLine.arguments.dropFirst())).rawValue)
