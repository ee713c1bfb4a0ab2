/// The `Encoder` one value is encoded through by ``ReportJSONEncoder``; it is its own single-value
/// container. Asking twice for a keyed (unkeyed) container gives the same object (array), as
/// JSONEncoder does.
package final class ReportJSONTreeEncoder: Encoder, SingleValueEncodingContainer {
    package let codingPath: [CodingKey]
    package var value: ReportJSONTree?

    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    package init(codingPath: [CodingKey]) { self.codingPath = codingPath }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: ReportJSONObject
        if case .object(let existing)? = value { object = existing } else {
            object = ReportJSONObject()
            value = .object(object)
        }
        return KeyedEncodingContainer(ReportJSONKeyedContainer(object: object, codingPath: codingPath))
    }

    package func unkeyedContainer() -> UnkeyedEncodingContainer {
        let array: ReportJSONArray
        if case .array(let existing)? = value { array = existing } else {
            array = ReportJSONArray()
            value = .array(array)
        }
        return ReportJSONUnkeyedContainer(array: array, codingPath: codingPath)
    }

    package func singleValueContainer() -> SingleValueEncodingContainer { self }

    package func encodeNil() throws { value = .null }
    package func encode(_ value: Bool) throws { self.value = .bool(value) }
    package func encode(_ value: String) throws { self.value = .string(value) }
    package func encode(_ value: Double) throws { self.value = try .float(value, codingPath: codingPath) }
    package func encode(_ value: Float) throws { self.value = try .float(value, codingPath: codingPath) }
    package func encode(_ value: Int) throws { self.value = .integer(value) }
    package func encode(_ value: Int8) throws { self.value = .integer(value) }
    package func encode(_ value: Int16) throws { self.value = .integer(value) }
    package func encode(_ value: Int32) throws { self.value = .integer(value) }
    package func encode(_ value: Int64) throws { self.value = .integer(value) }
    package func encode(_ value: UInt) throws { self.value = .integer(value) }
    package func encode(_ value: UInt8) throws { self.value = .integer(value) }
    package func encode(_ value: UInt16) throws { self.value = .integer(value) }
    package func encode(_ value: UInt32) throws { self.value = .integer(value) }
    package func encode(_ value: UInt64) throws { self.value = .integer(value) }
    package func encode<T: Encodable>(_ value: T) throws { self.value = try ReportJSONTree.element(value, codingPath: codingPath) }
}

package struct ReportJSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    package let object: ReportJSONObject
    package let codingPath: [CodingKey]

    private func set(_ value: ReportJSONTree, _ key: Key) { object.members[key.stringValue] = value }

    package mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    package mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    package mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    package mutating func encode(_ value: Double, forKey key: Key) throws { set(try .float(value, codingPath: codingPath + [key]), key) }
    package mutating func encode(_ value: Float, forKey key: Key) throws { set(try .float(value, codingPath: codingPath + [key]), key) }
    package mutating func encode(_ value: Int, forKey key: Key) throws { set(.integer(value), key) }
    package mutating func encode(_ value: Int8, forKey key: Key) throws { set(.integer(value), key) }
    package mutating func encode(_ value: Int16, forKey key: Key) throws { set(.integer(value), key) }
    package mutating func encode(_ value: Int32, forKey key: Key) throws { set(.integer(value), key) }
    package mutating func encode(_ value: Int64, forKey key: Key) throws { set(.integer(value), key) }
    package mutating func encode(_ value: UInt, forKey key: Key) throws { set(.integer(value), key) }
    package mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.integer(value), key) }
    package mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.integer(value), key) }
    package mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.integer(value), key) }
    package mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.integer(value), key) }

    package mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try ReportJSONTree.element(value, codingPath: codingPath + [key]), key)
    }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested: ReportJSONObject
        if case .object(let existing)? = object.members[key.stringValue] { nested = existing } else {
            nested = ReportJSONObject()
            set(.object(nested), key)
        }
        return KeyedEncodingContainer(ReportJSONKeyedContainer<NestedKey>(object: nested, codingPath: codingPath + [key]))
    }

    package mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        let nested: ReportJSONArray
        if case .array(let existing)? = object.members[key.stringValue] { nested = existing } else {
            nested = ReportJSONArray()
            set(.array(nested), key)
        }
        return ReportJSONUnkeyedContainer(array: nested, codingPath: codingPath + [key])
    }

    package mutating func superEncoder() -> Encoder { superEncoder(named: ReportJSONKey.superKey) }
    package mutating func superEncoder(forKey key: Key) -> Encoder { superEncoder(named: key) }

    private func superEncoder(named key: CodingKey) -> Encoder {
        let encoder = ReportJSONTreeEncoder(codingPath: codingPath + [key])
        object.members[key.stringValue] = .deferred(encoder)
        return encoder
    }
}

package struct ReportJSONUnkeyedContainer: UnkeyedEncodingContainer {
    package let array: ReportJSONArray
    package let codingPath: [CodingKey]

    package var count: Int { array.elements.count }

    private var nextPath: [CodingKey] { codingPath + [ReportJSONKey(intValue: count)] }
    private func append(_ value: ReportJSONTree) { array.elements.append(value) }

    package mutating func encodeNil() throws { append(.null) }
    package mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    package mutating func encode(_ value: String) throws { append(.string(value)) }
    package mutating func encode(_ value: Double) throws { append(try .float(value, codingPath: nextPath)) }
    package mutating func encode(_ value: Float) throws { append(try .float(value, codingPath: nextPath)) }
    package mutating func encode(_ value: Int) throws { append(.integer(value)) }
    package mutating func encode(_ value: Int8) throws { append(.integer(value)) }
    package mutating func encode(_ value: Int16) throws { append(.integer(value)) }
    package mutating func encode(_ value: Int32) throws { append(.integer(value)) }
    package mutating func encode(_ value: Int64) throws { append(.integer(value)) }
    package mutating func encode(_ value: UInt) throws { append(.integer(value)) }
    package mutating func encode(_ value: UInt8) throws { append(.integer(value)) }
    package mutating func encode(_ value: UInt16) throws { append(.integer(value)) }
    package mutating func encode(_ value: UInt32) throws { append(.integer(value)) }
    package mutating func encode(_ value: UInt64) throws { append(.integer(value)) }
    package mutating func encode<T: Encodable>(_ value: T) throws { append(try ReportJSONTree.element(value, codingPath: nextPath)) }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = ReportJSONObject()
        let path = nextPath
        append(.object(nested))
        return KeyedEncodingContainer(ReportJSONKeyedContainer<NestedKey>(object: nested, codingPath: path))
    }

    package mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let nested = ReportJSONArray()
        let path = nextPath
        append(.array(nested))
        return ReportJSONUnkeyedContainer(array: nested, codingPath: path)
    }

    package mutating func superEncoder() -> Encoder {
        let encoder = ReportJSONTreeEncoder(codingPath: nextPath)
        append(.deferred(encoder))
        return encoder
    }
}
