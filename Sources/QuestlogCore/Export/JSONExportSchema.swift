/// `questlog.schema.json`: the JSON Schema (draft 2020-12) of the JSON export of a site.
///
/// It is made from the site's schema, so each kind's entries are described exactly, custom kinds
/// included: every field with its JSON type (dates with `"format": "date"`), every inverse relation,
/// and no other key (`additionalProperties` is false everywhere but in `extra`, whose keys are the
/// front-matter fields a kind does not declare and whose values are strings, numbers, booleans or
/// arrays of strings). A kind left out by a filter is simply absent from a game's `entries`.
enum JSONExportSchema {
    static let dialect = "https://json-schema.org/draft/2020-12/schema"
    /// Game and entry ids: slugs.
    static let idPattern = "^[a-z0-9]+(-[a-z0-9]+)*$"
    /// Pages relative to the output root: `game/index.html`, `game/folder/id.html`.
    static let pagePattern = "^([a-z0-9-]+/){1,2}[a-z0-9-]+\\.html$"

    static func document(for schema: Schema) -> JSONValue {
        .object([
            ("$schema", .string(dialect)),
            ("title", .string("Questlog JSON export")),
            ("description", .string("site.json or <game>.json as written by Questlog. Each url is a page relative to the site's output root; links in notes.html are relative to the entry's own page.")),
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            ("required", strings(["schema_version", "generator", "site", "games"])),
            ("properties", .object([
                ("schema_version", .object([("const", .int(JSONExport.schemaVersion))])),
                ("generator", .object([("type", .string("string")), ("pattern", .string("^Questlog [0-9]"))])),
                ("site", closedObject([
                    ("title", .object([("type", .string("string"))])),
                    ("language", .object([("enum", strings(SiteConfig.languages))])),
                    ("base_url", .object([("type", strings(["string", "null"])), ("pattern", .string("^https?://"))])),
                ])),
                ("games", array(of: definition("game"))),
            ])),
            ("$defs", .object([
                ("id", .object([("type", .string("string")), ("pattern", .string(idPattern))])),
                ("page", .object([("type", .string("string")), ("format", .string("uri-reference")), ("pattern", .string(pagePattern))])),
                ("notes", closedObject([
                    ("markdown", .object([("type", .string("string"))])),
                    ("html", .object([("type", .string("string"))])),
                ])),
                ("reference", closedObject([
                    ("game", definition("id")),
                    ("id", definition("id")),
                    ("name", .object([("type", .string("string"))])),
                    ("display_name", .object([("type", .string("string"))])),
                    ("url", definition("page")),
                ], optional: ["game"])),
                ("mention", closedObject([
                    ("game", definition("id")),
                    ("id", definition("id")),
                    ("kind", .object([("enum", strings([schema.game.id] + schema.kinds.map(\.id)))])),
                    ("name", .object([("type", .string("string"))])),
                    ("display_name", .object([("type", .string("string"))])),
                    ("url", definition("page")),
                ], optional: ["game"])),
                ("extra", .object([
                    ("description", .string("Front-matter fields the kind does not declare, in the order written.")),
                    ("type", .string("object")),
                    // `items` only applies to arrays: the other types are plain values.
                    ("additionalProperties", .object([
                        ("type", strings(["string", "number", "boolean", "array"])),
                        ("items", .object([("type", .string("string"))])),
                    ])),
                ])),
                ("game", game(schema)),
            ] + schema.kinds.map { ("entry-" + $0.id, entry(KindLayout(kind: $0, schema: schema))) })),
        ])
    }

    private static func game(_ schema: Schema) -> JSONValue {
        closedObject([
            ("id", definition("id")),
            ("title", .object([("type", .string("string")), ("minLength", .int(1))])),
            ("url", definition("page")),
            ("fields", closedObject(schema.game.fields.filter { $0.name != "title" }.map { ($0.name, field($0)) })),
            ("notes", definition("notes")),
            ("entries", closedObject(schema.kinds.map { ($0.id, array(of: definition("entry-" + $0.id))) },
                                     optional: schema.kinds.map(\.id))),
        ])
    }

    private static func entry(_ layout: KindLayout) -> JSONValue {
        closedObject([
            ("id", definition("id")),
            ("kind", .object([("const", .string(layout.kind.id))])),
            ("name", .object([("type", .string("string")), ("minLength", .int(1))])),
            ("display_name", .object([("type", .string("string")), ("minLength", .int(1))])),
            ("url", definition("page")),
            ("fields", closedObject(layout.fields.map { ($0.field.name, field($0.field)) })),
            ("extra", definition("extra")),
            ("inverse", closedObject(layout.relations.map { relation in
                (relation.name, .object([
                    ("title", .string(relation.label)),
                    ("type", .string("array")),
                    ("items", definition("reference")),
                ]))
            })),
            ("mentions", array(of: definition("mention"))),
            ("notes", definition("notes")),
        ])
    }

    /// A field's value: nullable unless it is a boolean or a list, which are never absent in the export.
    static func field(_ field: FieldDefinition) -> JSONValue {
        var members: [(String, JSONValue)] = [("title", .string(field.label)), ("description", .string(field.typeDescription))]
        switch field.type {
        case .string, .text: members.append(("type", strings(["string", "null"])))
        case .url: members += [("type", strings(["string", "null"])), ("minLength", .int(1))]
        case .bool: members.append(("type", .string("boolean")))
        case .int: members.append(("type", strings(["integer", "null"])))
        case .date: members += [("type", strings(["string", "null"])), ("format", .string("date"))]
        case .list: members += [("type", .string("array")), ("items", .object([("type", .string("string"))]))]
        case .ref: members.append(("anyOf", .array([definition("reference"), .object([("type", .string("null"))])])))
        case .refs: members += [("type", .string("array")), ("items", definition("reference"))]
        }
        return .object(members)
    }

    /// An object with exactly these properties, all required but `optional`.
    private static func closedObject(_ properties: [(String, JSONValue)], optional: [String] = []) -> JSONValue {
        .object([
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            ("required", strings(properties.map(\.0).filter { !optional.contains($0) })),
            ("properties", .object(properties)),
        ])
    }

    private static func array(of items: JSONValue) -> JSONValue {
        .object([("type", .string("array")), ("items", items)])
    }

    private static func definition(_ name: String) -> JSONValue {
        .object([("$ref", .string("#/$defs/" + name))])
    }

    private static func strings(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }
}
