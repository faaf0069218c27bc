// Each module makes one mistake; each is reported at the token that makes it.

#[kapi::versioned(versions(v1beta1, v1), storage = v1, package = "example.com/a")]
mod unknown_version {
    pub struct Spec {
        #[versioned(added = v2)]
        pub size: Option<u32>,
    }
}

#[kapi::versioned(versions(v1beta1, v1), storage = v1, package = "example.com/b")]
mod rename_without_old_name {
    pub struct Spec {
        #[versioned(renamed(before = v1))]
        pub size: u32,
    }
}

#[kapi::versioned(versions(v1beta1, v1), storage = v2, package = "example.com/c")]
mod storage_not_listed {}

#[kapi::versioned(versions(v1beta1, v1beta), storage = v1beta1, package = "example.com/d")]
mod not_a_version {}

#[kapi::versioned(versions(v1alpha1, v1beta1, v1), storage = v1, package = "example.com/e")]
mod removed_before_added {
    pub struct Spec {
        #[versioned(added = v1, removed = v1beta1)]
        pub size: Option<u32>,
    }
}

fn main() {}
