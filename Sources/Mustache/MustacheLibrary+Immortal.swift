import Immortal

extension MustacheValue {
    /// Makes the objects of this value immortal (`Immortal`), for data that every page of a
    /// process that ends with its render shares: its strings, lists and objects, however deep.
    /// A sequence's elements are made when read, and are left as they are.
    public func makeImmortal() {
        guard Immortal.isAvailable else { return }
        switch self {
        case .null, .bool, .int, .double, .sequence: break
        case let .string(text): Immortal.string(text)
        case let .utf8(bytes): Immortal.array(bytes)
        case let .list(items):
            Immortal.array(items)
            for item in items { item.makeImmortal() }
        case let .object(object): object.makeImmortal()
        }
    }
}

extension MustacheObject {
    /// Makes the objects of this object immortal: its table, keys and values (`MustacheValue.makeImmortal`).
    public func makeImmortal() {
        guard Immortal.isAvailable else { return }
        Immortal.object(storage)
        storage.forEachField { key, value in
            Immortal.string(key)
            value.makeImmortal()
        }
    }
}

extension MustacheLibrary {
    /// Makes the templates compiled so far immortal, with what they hold: every page renders them,
    /// each partial and parent tag counted up and down as it is followed. Templates compiled later
    /// (an indented copy first needed while rendering) stay as they are.
    public func makeImmortal() {
        guard Immortal.isAvailable else { return }
        cache.makeImmortal()
    }
}

extension TemplateCache {
    func makeImmortal() {
        for template in compiled { template.makeImmortal() }
    }
}

extension Template {
    func makeImmortal() {
        Immortal.object(self)
        Immortal.string(name)
        Immortal.array(lineStarts)
        Immortal.array(indentation)
        Immortal.array(nodes)
        Immortal.array(names)
        Immortal.array(keys)
        for key in keys { Immortal.string(key.name) }
        Immortal.array(partials)
        for partial in partials {
            partial.target.makeImmortal()
            Immortal.array(partial.indentation)
        }
        Immortal.array(parents)
        for parent in parents {
            parent.target.makeImmortal()
            Immortal.array(parent.indentation)
            Immortal.array(parent.overrides)
        }
        Immortal.array(blocks)
        for block in blocks {
            Immortal.string(block.name)
            Immortal.array(block.indentation)
        }
        compiled?.makeImmortal()
    }
}

extension TemplateReference {
    func makeImmortal() {
        if case let .named(name) = self { Immortal.string(name) }
    }
}
