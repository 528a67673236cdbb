// YAML over libyaml.
