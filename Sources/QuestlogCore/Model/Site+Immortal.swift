import Immortal

extension Immortal {
    static func ref(_ ref: EntryRef) {
        string(ref.game)
        string(ref.kind)
        string(ref.id)
    }

    static func refs(_ refs: [EntryRef]) {
        array(refs)
        for ref in refs { Self.ref(ref) }
    }

    static func value(_ value: FieldValue) {
        switch value {
        case let .string(text), let .text(text), let .date(text), let .url(text): string(text)
        case .bool, .int, .number: break
        case let .ref(ref): Self.ref(ref)
        case let .refs(refs): Self.refs(refs)
        case let .list(items): strings(items)
        }
    }

    static func fields(_ fields: [String: FieldValue]) {
        dictionary(fields)
        for (name, value) in fields {
            string(name)
            Self.value(value)
        }
    }

    static func extra(_ extra: [ExtraField]) {
        array(extra)
        for field in extra {
            string(field.name)
            value(field.value)
        }
    }
}

extension Site {
    /// Makes the objects of this site immortal (`Immortal`): its games, their entries, and what
    /// both hold.
    func makeImmortal() {
        guard Immortal.isAvailable else { return }
        Immortal.array(games)
        for game in games { game.makeImmortal() }
        Immortal.dictionary(imageSizes)
        for path in imageSizes.keys { Immortal.string(path) }
        schema.makeImmortal()
    }
}

extension Game {
    func makeImmortal() {
        Immortal.string(id)
        Immortal.string(title)
        Immortal.string(source.path)
        Immortal.string(path)
        Immortal.fields(fields)
        notes.makeImmortal()
        let lists = entries
        Immortal.dictionary(lists)
        for (kind, list) in lists {
            Immortal.string(kind)
            Immortal.array(list)
            for entry in list { entry.makeImmortal() }
        }
        Immortal.refs(links)
        Immortal.extra(extra)
        Immortal.array(playthroughs)
    }
}

extension Entry {
    func makeImmortal() {
        Immortal.object(storage)
        Immortal.ref(ref)
        Immortal.string(name)
        Immortal.string(displayName)
        Immortal.string(source.path)
        Immortal.string(path)
        Immortal.fields(fields)
        notes.makeImmortal()
        Immortal.array(inverse)
        for relation in inverse {
            Immortal.string(relation.sourceKind)
            Immortal.string(relation.field)
            Immortal.string(relation.label)
            Immortal.refs(relation.entries)
        }
        Immortal.refs(mentions)
        Immortal.extra(extra)
        Immortal.string(spoilerUntil)
    }
}

extension Schema {
    func makeImmortal() {
        game.makeImmortal()
        Immortal.array(kinds)
        for kind in kinds { kind.makeImmortal() }
    }
}

extension Kind {
    func makeImmortal() {
        Immortal.string(id)
        Immortal.string(folder)
        Immortal.string(name)
        Immortal.string(plural)
        Immortal.array(fields)
        for field in fields { field.makeImmortal() }
        Immortal.strings(translatedNames)
        Immortal.strings(translatedPlurals)
    }
}

extension FieldDefinition {
    func makeImmortal() {
        Immortal.string(name)
        switch type {
        case let .ref(kind), let .refs(kind): Immortal.string(kind)
        default: break
        }
        Immortal.string(label)
        Immortal.string(inverseLabel)
        Immortal.strings(progressOf)
        Immortal.strings(translatedLabels)
        Immortal.strings(translatedInverseLabels)
    }
}
