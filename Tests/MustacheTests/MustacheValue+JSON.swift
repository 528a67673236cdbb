import Foundation
import Mustache

extension MustacheValue {
    /// Converts a value produced by `JSONSerialization`.
    init(json: Any) {
        switch json {
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            // JSON booleans arrive as NSNumbers whose Objective-C type is `c` (char).
            switch String(cString: number.objCType) {
            case "c": self = .bool(number.boolValue)
            case "d", "f": self = .double(number.doubleValue)
            default: self = .int(number.intValue)
            }
        case let array as [Any]:
            self = .list(array.map(MustacheValue.init(json:)))
        case let object as [String: Any]:
            self = .object(MustacheObject(object.mapValues(MustacheValue.init(json:))))
        default:
            self = .null
        }
    }
}
