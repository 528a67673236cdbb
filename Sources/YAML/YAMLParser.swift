public enum YAMLParser {}
