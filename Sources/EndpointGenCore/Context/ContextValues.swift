import Mustache

// The context as template values, built directly: going through `Encodable` took about a fifth of a
// large generation. Keys are the property names, as `Codable` would write them; `ContextValueTests`
// checks that both ways give the same value, so a new property cannot be forgotten here.

extension ClientContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "header": header.mustacheValue,
            "specPath": specPath.mustacheValue,
            "access": access.mustacheValue,
            "name": name.mustacheValue,
            "clientName": clientName.mustacheValue,
            "protocolName": protocolName.mustacheValue,
            "endpointsName": endpointsName.mustacheValue,
            "fakeName": fakeName.mustacheValue,
            "completionHandlers": completionHandlers.mustacheValue,
            "endpointsDocComment": endpointsDocComment.mustacheValue,
            "server": server.mustacheValue,
            "version": version.mustacheValue,
            "defaultQuery": defaultQuery.mustacheValue,
            "defaultHeaders": defaultHeaders.mustacheValue,
            "variableList": variableList.mustacheValue,
            "variablesExpression": variablesExpression.mustacheValue,
            "auth": auth.mustacheValue,
            "tokenStoreType": tokenStoreType.mustacheValue,
            "namedAuth": namedAuth.mustacheValue,
            "policy": policy.mustacheValue,
            "endpoints": endpoints.mustacheValue,
            "models": models.mustacheValue,
            "enums": enums.mustacheValue,
            "oneOfs": oneOfs.mustacheValue,
            "aliases": aliases.mustacheValue,
        ])
    }
}

extension AliasContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "name": name.mustacheValue,
            "target": target.mustacheValue,
            "docComment": docComment.mustacheValue,
        ])
    }
}

extension NamedAuthContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "schemesExpression": schemesExpression.mustacheValue,
            "defaultSchemesExpression": defaultSchemesExpression.mustacheValue,
            "credentialsExpression": credentialsExpression.mustacheValue,
            "schemeList": schemeList.mustacheValue,
            "stores": stores.mustacheValue,
        ])
    }
}

extension CredentialStoreContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "property": property.mustacheValue,
            "type": type.mustacheValue,
            "docComment": docComment.mustacheValue,
        ])
    }
}

extension ServerContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "schemeLiteral": schemeLiteral.mustacheValue,
            "hostLiteral": hostLiteral.mustacheValue,
            "port": port.mustacheValue,
            "basePathLiteral": basePathLiteral.mustacheValue,
            "display": display.mustacheValue,
        ])
    }
}

extension NameValueContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "nameLiteral": nameLiteral.mustacheValue,
            "valueLiteral": valueLiteral.mustacheValue,
        ])
    }
}

extension PolicyContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "timeout": timeout.mustacheValue,
            "totalTimeout": totalTimeout.mustacheValue,
            "retry": retry.mustacheValue,
            "rateLimit": rateLimit.mustacheValue,
            "maxConcurrentRequests": maxConcurrentRequests.mustacheValue,
            "acceptableContentTypes": acceptableContentTypes.mustacheValue,
            "errorMessageFields": errorMessageFields.mustacheValue,
            "fallbackErrorMessage": fallbackErrorMessage.mustacheValue,
            "dateCoding": dateCoding.mustacheValue,
            "bodyCoders": bodyCoders.mustacheValue,
        ])
    }
}

extension EndpointContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "name": name.mustacheValue,
            "baseName": baseName.mustacheValue,
            "handlerName": handlerName.mustacheValue,
            "docComment": docComment.mustacheValue,
            "protocolDocComment": protocolDocComment.mustacheValue,
            "deprecated": deprecated.mustacheValue,
            "method": method.mustacheValue,
            "pathLiteral": pathLiteral.mustacheValue,
            "responseType": responseType.mustacheValue,
            "discardableResult": discardableResult.mustacheValue,
            "errorDocComment": errorDocComment.mustacheValue,
            "errorBodies": errorBodies.mustacheValue,
            "parameters": parameters.mustacheValue,
            "signature": signature.mustacheValue,
            "requirementSignature": requirementSignature.mustacheValue,
            "methodSignature": methodSignature.mustacheValue,
            "methodRequirementSignature": methodRequirementSignature.mustacheValue,
            "progressArgument": progressArgument.mustacheValue,
            "arguments": arguments.mustacheValue,
            "forwardingArguments": forwardingArguments.mustacheValue,
            "parameterTypes": parameterTypes.mustacheValue,
            "parameterNames": parameterNames.mustacheValue,
            "hasParameters": hasParameters.mustacheValue,
            "hasDefaults": hasDefaults.mustacheValue,
            "rulesExpression": rulesExpression.mustacheValue,
            "pathParametersExpression": pathParametersExpression.mustacheValue,
            "queryExpression": queryExpression.mustacheValue,
            "headersExpression": headersExpression.mustacheValue,
            "cookiesExpression": cookiesExpression.mustacheValue,
            "authSchemesExpression": authSchemesExpression.mustacheValue,
            "bodyExpression": bodyExpression.mustacheValue,
            "auth": auth.mustacheValue,
            "timeout": timeout.mustacheValue,
            "retry": retry.mustacheValue,
            "secretsExpression": secretsExpression.mustacheValue,
            "body": body.mustacheValue,
            "contentTypeLiteral": contentTypeLiteral.mustacheValue,
            "acceptExpression": acceptExpression.mustacheValue,
            "missingHandlerLiteral": missingHandlerLiteral.mustacheValue,
            "pagination": pagination.mustacheValue,
            "metadata": metadata.mustacheValue,
            "requestBodyType": requestBodyType.mustacheValue,
            "download": download.mustacheValue,
            "uploadFromFile": uploadFromFile.mustacheValue,
        ])
    }
}

extension ParameterContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "name": name.mustacheValue,
            "type": type.mustacheValue,
            "wireNameLiteral": wireNameLiteral.mustacheValue,
            "placement": placement.mustacheValue,
            "defaultValue": defaultValue.mustacheValue,
        ])
    }
}

extension BodyContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "encoding": encoding.mustacheValue,
            "isJSON": isJSON.mustacheValue,
            "typeName": typeName.mustacheValue,
            "fields": fields.mustacheValue,
        ])
    }
}

extension ModelContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "name": name.mustacheValue,
            "docComment": docComment.mustacheValue,
            "properties": properties.mustacheValue,
            "initSignature": initSignature.mustacheValue,
            "hasProperties": hasProperties.mustacheValue,
            "hasDefaults": hasDefaults.mustacheValue,
            "hasXMLForms": hasXMLForms.mustacheValue,
            "deprecated": deprecated.mustacheValue,
            "nulls": nulls.mustacheValue,
        ])
    }
}

extension PropertyContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "name": name.mustacheValue,
            "type": type.mustacheValue,
            "keyLiteral": keyLiteral.mustacheValue,
            "defaultValue": defaultValue.mustacheValue,
            "decodeExpression": decodeExpression.mustacheValue,
            "encodeStatement": encodeStatement.mustacheValue,
            "isIndirect": isIndirect.mustacheValue,
            "docComment": docComment.mustacheValue,
            "xmlForm": xmlForm.mustacheValue,
            "isDeprecated": isDeprecated.mustacheValue,
            "storageName": storageName.mustacheValue,
            "argument": argument.mustacheValue,
            "nulls": nulls.mustacheValue,
            "isAdditional": isAdditional.mustacheValue,
        ])
    }
}

extension EnumContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "name": name.mustacheValue,
            "rawType": rawType.mustacheValue,
            "conformance": conformance.mustacheValue,
            "docComment": docComment.mustacheValue,
            "cases": cases.mustacheValue,
            "deprecated": deprecated.mustacheValue,
        ])
    }
}

extension EnumCaseContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "name": name.mustacheValue,
            "valueLiteral": valueLiteral.mustacheValue,
            "docComment": docComment.mustacheValue,
        ])
    }
}

extension OneOfContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "name": name.mustacheValue,
            "docComment": docComment.mustacheValue,
            "cases": cases.mustacheValue,
            "discriminatorLiteral": discriminatorLiteral.mustacheValue,
            "choosesByMembers": choosesByMembers.mustacheValue,
        ])
    }
}

extension OneOfCaseContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "name": name.mustacheValue,
            "type": type.mustacheValue,
            "discriminatorPattern": discriminatorPattern.mustacheValue,
        ])
    }
}

extension ResponseMetadataContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "bodyType": bodyType.mustacheValue,
            "withResponseName": withResponseName.mustacheValue,
            "withResponseType": withResponseType.mustacheValue,
            "withResponseDocComment": withResponseDocComment.mustacheValue,
            "protocolWithResponseDocComment": protocolWithResponseDocComment.mustacheValue,
            "returnsDeclaredHeaders": returnsDeclaredHeaders.mustacheValue,
            "returnsBody": returnsBody.mustacheValue,
            "plainRequirement": plainRequirement.mustacheValue,
            "declaringArgument": declaringArgument.mustacheValue,
            "responseHandlerName": responseHandlerName.mustacheValue,
            "fakeResult": fakeResult.mustacheValue,
            "missingResponseHandlerLiteral": missingResponseHandlerLiteral.mustacheValue,
            "unwrapLiteral": unwrapLiteral.mustacheValue,
            "headers": headers.mustacheValue,
        ])
    }
}

extension DeclaredHeadersContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "typeName": typeName.mustacheValue,
            "qualifiedTypeName": qualifiedTypeName.mustacheValue,
            "initSignature": initSignature.mustacheValue,
            "fields": fields.mustacheValue,
        ])
    }
}

extension DeclaredHeaderContext: MustacheRepresentable {
    public var mustacheValue: MustacheValue {
        .map([
            "name": name.mustacheValue,
            "type": type.mustacheValue,
            "docComment": docComment.mustacheValue,
            "readExpression": readExpression.mustacheValue,
        ])
    }
}
