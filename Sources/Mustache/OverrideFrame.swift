/// The blocks one parent tag passes to its parent template while that template renders.
struct OverrideFrame {
    let template: Template
    /// Indices into `template.blocks`.
    let blocks: [Int]
}
