#pragma once

#include <QString>

#include <libvirt/libvirt.h>
#include <libvirt/virterror.h>

#include <cstdlib>
#include <memory>

namespace Terrarium::Vm {

// Owning handles for libvirt objects: each deleter drops the one reference the handle holds.
// libvirt objects are reference counted, so a handle may outlive the connection it came from
// (the connection closes when its last object goes).

struct LibvirtConnectDeleter
{
    void operator()(virConnectPtr connection) const { virConnectClose(connection); }
};
struct LibvirtDomainDeleter
{
    void operator()(virDomainPtr domain) const { virDomainFree(domain); }
};
// A stream must be finished (virStreamFinish) or aborted (virStreamAbort) before its handle
// goes, and have no event callback left: virStreamFree only drops the reference.
struct LibvirtStreamDeleter
{
    void operator()(virStreamPtr stream) const { virStreamFree(stream); }
};
struct LibvirtSnapshotDeleter
{
    void operator()(virDomainSnapshotPtr snapshot) const { virDomainSnapshotFree(snapshot); }
};
// A copy of an error made by virSaveLastError().
struct LibvirtErrorDeleter
{
    void operator()(virErrorPtr error) const { virFreeError(error); }
};
// Strings and arrays libvirt allocates for the caller (XML descriptions, URIs, lists).
struct LibvirtFreeDeleter
{
    void operator()(void *memory) const { std::free(memory); }
};

using LibvirtConnectHandle = std::unique_ptr<virConnect, LibvirtConnectDeleter>;
using LibvirtDomainHandle = std::unique_ptr<virDomain, LibvirtDomainDeleter>;
using LibvirtStreamHandle = std::unique_ptr<virStream, LibvirtStreamDeleter>;
using LibvirtSnapshotHandle = std::unique_ptr<virDomainSnapshot, LibvirtSnapshotDeleter>;
using LibvirtErrorHandle = std::unique_ptr<virError, LibvirtErrorDeleter>;
using LibvirtString = std::unique_ptr<char, LibvirtFreeDeleter>;

// Takes a libvirt-allocated UTF-8 string, frees it and returns its text (null gives a null
// QString), for calls such as virDomainGetXMLDesc(): `takeLibvirtString(virDomainGetXMLDesc(...))`.
inline QString takeLibvirtString(char *text)
{
    const LibvirtString owned(text);
    return owned ? QString::fromUtf8(owned.get()) : QString();
}

} // namespace Terrarium::Vm
